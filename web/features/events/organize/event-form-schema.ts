import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EVENT_LIMITS } from '@contract/event-limits';
import type { Event } from '@contract/events';
import { createSlotBodySchema, SLOT_LIMITS } from '@contract/slots';
import { createEventOrSeriesBodySchema, SERIES_LIMITS } from '@contract/series';
import { NO_REPEAT } from './repeats-fields';
import { slotWindowOf } from './schedule-fields';

/** An event starts at least 30 minutes from now. */
const MIN_LEAD_MINUTES = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DDTHH:mm` in local time, the value format of <input type="datetime-local">. */
export function toDateTimeLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function earliestStart(now = Date.now()): Date {
  // Rounded up to the next minute: the input has minute precision, and rounding down would offer a
  // time a few seconds short of the rule.
  return new Date(Math.ceil((now + MIN_LEAD_MINUTES * 60_000) / 60_000) * 60_000);
}

function earliestAllowedMinute(now = Date.now()): number {
  return Math.floor((now + MIN_LEAD_MINUTES * 60_000) / 60_000) * 60_000;
}

/** The duration field takes hours (what organizers think in); the server takes minutes. */
export function hoursToMinutes(hours: string): number {
  return Math.round(Number(hours.trim().replace(',', '.')) * 60);
}

function minutesToHours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** The end of the chosen last day on this device's clock: a date on that day still belongs to the series. */
export function untilOf(day: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T23:59:59`).getTime() : Number.NaN;
}

/** The contract's rules for each field the server gets (contract/events.ts, series.ts, slots.ts). */
const EVENT_RULES = createEventOrSeriesBodySchema.shape;
const RECURRENCE_RULES = EVENT_RULES.recurrence.unwrap().shape;
const SLOT_RULES = createSlotBodySchema.shape;

/** The form's own words for each way a contract rule can fail; `otherwise` for the rest. */
type RuleWords = { otherwise: string } & Partial<Record<'too_small' | 'too_big' | 'custom', string>>;

/**
 * Whether `value`, as the form will send it, follows the contract's `rule`; if not, the form's words for the
 * first problem the server would name (the contract's own messages are English and written for the API).
 */
function problemWith(rule: z.ZodType, value: unknown, words: RuleWords): string | null {
  const result = rule.safeParse(value);
  if (result.success) return null;
  const code = result.error.issues[0]!.code;
  return (code in words ? words[code as keyof RuleWords] : undefined) ?? words.otherwise;
}

/** A text field the contract rules as it is sent (trimmed): the contract's rule, the form's words. */
function textFollowing(rule: z.ZodType, words: RuleWords) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = problemWith(rule, value, words);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

/** A whole number typed as text, sent as a number: digits only, then the contract's rule. */
function isWholeFollowing(rule: z.ZodType, value: string): boolean {
  return /^\d+$/.test(value.trim()) && rule.safeParse(Number(value)).success;
}

/** The words of the form's errors: i18next's `t` with the form's namespaces. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The create and edit form's values as typed (text, as the inputs hold them). Each field the server gets is
 * checked by the contract's own rule for it, in the form's words; what only the form knows (the 30-minute
 * lead on the device's clock, a slot's times on the event's day, the series' last day) is checked here.
 */
export function useEventFormSchema(originalDate?: string) {
  const { t } = useTranslation(['create-event', 'events', 'organizer', 'schedule']);
  return useMemo(() => eventFormSchema(t, originalDate), [t, originalDate]);
}

/** useEventFormSchema's schema, for `t` and the edited event's date as the input holds it. */
export function eventFormSchema(t: Translate, originalDate?: string) {
  const tooLong = (max: number) => t('create.errors.tooLong', { max });
  return z
    .object({
      title: textFollowing(EVENT_RULES.title, {
        otherwise: t('create.errors.title'),
        too_big: tooLong(EVENT_LIMITS.titleMax),
        custom: t('create.errors.oneLine'),
      }),
      description: textFollowing(EVENT_RULES.description, {
        otherwise: t('create.errors.description'),
        too_big: tooLong(EVENT_LIMITS.descriptionMax),
      }),
      location: textFollowing(EVENT_RULES.location, {
        otherwise: t('create.errors.location'),
        too_big: tooLong(EVENT_LIMITS.locationMax),
        custom: t('create.errors.oneLine'),
      }),
      date: z
        .string()
        .min(1, t('create.errors.date'))
        .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), t('create.errors.date'))
        // Checked against the clock at submit time, not when the dialog opened, at the input's
        // minute precision: 14:30 is fine at 14:00:40 ("now + 30 min" falls inside that minute).
        // An edited event keeps its date unless it is changed; only a new date must follow the rule.
        .refine(
          (value) => value === '' || value === originalDate || new Date(value).getTime() >= earliestAllowedMinute(),
          t('create.errors.dateTooSoon', { minutes: MIN_LEAD_MINUTES }),
        ),
      categoryId: z
        .string()
        .refine((value) => isWholeFollowing(EVENT_RULES.categoryId, value), t('create.errors.category')),
      maxAttendees: z
        .string()
        .trim()
        .refine(
          (value) => value === '' || isWholeFollowing(EVENT_RULES.maxAttendees, value),
          t('create.errors.maxAttendees', { max: EVENT_LIMITS.maxAttendeesMax }),
        ),
      imageUrl: z
        .string()
        .trim()
        // Only a public https image address, the server's own rule (contract/image-url.ts).
        .refine((value) => value === '' || EVENT_RULES.imageUrl.safeParse(value).success, t('create.errors.imageUrl')),
      durationHours: z
        .string()
        .trim()
        .refine(
          (value) =>
            /^\d+([.,]\d+)?$/.test(value) && EVENT_RULES.durationMinutes.safeParse(hoursToMinutes(value)).success,
          t('organizer:form.durationError', {
            min: EVENT_LIMITS.durationMinutesMin,
            max: EVENT_LIMITS.durationMinutesMax / 60,
          }),
        ),
      repeatFrequency: z.enum(['none', 'daily', 'weekly', 'monthly']),
      repeatInterval: z.string(),
      repeatEnd: z.enum(['count', 'until']),
      repeatCount: z.string(),
      repeatUntil: z.string(),
      slots: z.array(
        z.object({
          role: z.string(),
          startTime: z.string(),
          endTime: z.string(),
          capacity: z.string(),
          requiresApproval: z.boolean(),
        }),
      ),
    })
    .superRefine((values, context) => {
      // The schedule's slots, each checked as the slot form checks one (decisions §18).
      values.slots.forEach((slot, index) => {
        const issue = (field: string, message: string) =>
          context.addIssue({ code: 'custom', path: ['slots', index, field], message });
        const roleProblem = problemWith(SLOT_RULES.role, slot.role, {
          otherwise: t('create.errors.oneLine'),
          too_small: t('schedule:form.roleRequired'),
        });
        if (roleProblem) issue('role', roleProblem);
        const slotWindow = slotWindowOf(values.date, slot.startTime, slot.endTime);
        if (!/^\d{2}:\d{2}$/.test(slot.startTime)) issue('startTime', t('schedule:form.startRequired'));
        else if (!/^\d{2}:\d{2}$/.test(slot.endTime)) issue('endTime', t('schedule:form.endRequired'));
        else if (slotWindow && new Date(slotWindow.startsAt).getTime() <= Date.now())
          issue('startTime', t('schedule:form.startInPast'));
        if (!isWholeFollowing(SLOT_RULES.capacity, slot.capacity))
          issue('capacity', t('schedule:form.capacityRange', { max: SLOT_LIMITS.capacityMax }));
      });
      if (values.repeatFrequency === 'none') return;
      if (!isWholeFollowing(RECURRENCE_RULES.interval, values.repeatInterval))
        context.addIssue({
          code: 'custom',
          path: ['repeatInterval'],
          message: t('schedule:series.errors.interval', { max: SERIES_LIMITS.intervalMax }),
        });
      if (values.repeatEnd === 'count' && !isWholeFollowing(RECURRENCE_RULES.count, values.repeatCount))
        context.addIssue({
          code: 'custom',
          path: ['repeatCount'],
          message: t('schedule:series.errors.count', { max: SERIES_LIMITS.occurrencesMax }),
        });
      if (values.repeatEnd === 'until') {
        const first = new Date(values.date).getTime();
        const last = untilOf(values.repeatUntil);
        if (Number.isNaN(last) || last <= first || last - first > SERIES_LIMITS.untilDaysMax * DAY_MS)
          context.addIssue({
            code: 'custom',
            path: ['repeatUntil'],
            message: t('schedule:series.errors.until', { days: SERIES_LIMITS.untilDaysMax }),
          });
      }
    });
}

export type EventFormValues = z.input<ReturnType<typeof eventFormSchema>>;

export const EMPTY_EVENT_FORM: EventFormValues = {
  title: '',
  description: '',
  location: '',
  date: '',
  categoryId: '',
  maxAttendees: '',
  imageUrl: '',
  durationHours: minutesToHours(EVENT_LIMITS.durationMinutesDefault),
  ...NO_REPEAT,
  slots: [],
};

/** The form prefilled with an event, to edit it. */
export function valuesOf(event: Event): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    date: toDateTimeLocal(new Date(event.date)),
    categoryId: String(event.categoryId),
    maxAttendees: event.maxAttendees === null ? '' : String(event.maxAttendees),
    imageUrl: event.imageUrl ?? '',
    durationHours: minutesToHours(event.durationMinutes),
    ...NO_REPEAT,
    slots: [],
  };
}

/** A duplicate starts with everything of the original but its date, which is chosen anew. */
export function valuesCopiedFrom(event: Event): EventFormValues {
  return { ...valuesOf(event), date: '' };
}
