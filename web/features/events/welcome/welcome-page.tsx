import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Check, Loader2, MapPin, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PREFERENCE_LIMITS } from '@contract/preferences';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/use-auth';
import { useIsOnline } from '@/lib/use-is-online';
import { cn } from '@/lib/utils';
import { useCategories } from '../api/get-categories';
import { usePreferences } from '../api/get-preferences';
import { useSavePreferences } from '../api/use-preferences';

/**
 * The first run, right after sign-up (and from Home's prompt or "Change"): a place and up to five
 * categories, which put matching events first on Home. Skipping is as easy as answering, and either
 * ends the questions for good; the answers can be changed here later.
 */
export default function WelcomePage() {
  const { t } = useTranslation(['onboarding', 'events']);
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const preferences = usePreferences();
  // The form starts from the saved answers once they are there (a person coming back to change them).
  if (preferences.isLoading) return <WelcomeSkeleton />;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pt-6 pb-6 sm:px-6 sm:pt-10">
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
          <Sparkles className="size-4" aria-hidden />
          {t('welcome.kicker')}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {/* Home's greeting rule (discover/people.ts), kept apart so this route's chunks stay its own. */}
          {t('welcome.title', { firstName: user?.firstName?.trim() || t('events:home.fallbackName') })}
        </h1>
        <p className="text-muted-foreground">{t('welcome.subtitle')}</p>
      </header>
      <WelcomeForm
        initialPlace={preferences.data?.place ?? ''}
        initialCategoryIds={preferences.data?.categoryIds ?? []}
        onDone={() => navigate('/')}
      />
    </div>
  );
}

function WelcomeForm({
  initialPlace,
  initialCategoryIds,
  onDone,
}: {
  initialPlace: string;
  initialCategoryIds: number[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['onboarding', 'events']);
  const id = useId();
  const [place, setPlace] = useState(initialPlace);
  const [categoryIds, setCategoryIds] = useState<number[]>(initialCategoryIds);
  const categories = useCategories();
  // The cards' translation of a category name (discover/event-card.tsx), without that module's weight.
  const categoryName = (name: string) => t(`events:categories.${name}`, { defaultValue: name });
  const save = useSavePreferences();
  const isOnline = useIsOnline();
  const isFull = categoryIds.length >= PREFERENCE_LIMITS.categoriesMax;

  const toggle = (categoryId: number) =>
    setCategoryIds((chosen) =>
      chosen.includes(categoryId) ? chosen.filter((item) => item !== categoryId) : [...chosen, categoryId],
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ action: 'save', body: { place: place.trim() || null, categoryIds } }, { onSuccess: onDone });
  };
  const skip = () => save.mutate({ action: 'skip' }, { onSuccess: onDone });
  const isSaving = save.isPending && save.variables?.action === 'save';

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" data-testid="welcome-form">
      <section className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
        <label htmlFor={`${id}-place`} className="text-base font-semibold">
          {t('welcome.placeLabel')}
        </label>
        <div className="relative">
          <MapPin
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${id}-place`}
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            maxLength={PREFERENCE_LIMITS.placeMaxLength}
            autoComplete="address-level2"
            placeholder={t('welcome.placePlaceholder')}
            aria-describedby={`${id}-place-hint`}
            dir="auto"
            className="ps-9"
            data-testid="welcome-place"
          />
        </div>
        <p id={`${id}-place-hint`} className="text-sm text-muted-foreground">
          {t('welcome.placeHint')}
        </p>
      </section>

      <fieldset className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
        <legend className="sr-only">{t('welcome.categoriesLabel')}</legend>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p aria-hidden className="text-base font-semibold">
            {t('welcome.categoriesLabel')}
          </p>
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="welcome-chosen-count">
            {categoryIds.length === 0
              ? t('welcome.categoriesHint', { max: PREFERENCE_LIMITS.categoriesMax })
              : t('welcome.chosen', { count: categoryIds.length, max: PREFERENCE_LIMITS.categoriesMax })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" data-testid="welcome-categories">
          {categories.isLoading &&
            Array.from({ length: 8 }, (_, index) => <Skeleton key={index} className="h-10 w-32 rounded-full" />)}
          {(categories.data ?? []).map((category) => {
            const isChosen = categoryIds.includes(category.id);
            return (
              <button
                key={category.id}
                type="button"
                aria-pressed={isChosen}
                // A sixth choice is refused here rather than by the server's 400.
                disabled={!isChosen && isFull}
                onClick={() => toggle(category.id)}
                className={cn(
                  'inline-flex min-h-10 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
                  isChosen
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-background text-foreground hover:border-primary hover:bg-secondary',
                )}
              >
                {isChosen && <Check className="size-4" aria-hidden />}
                {categoryName(category.name)}
              </button>
            );
          })}
        </div>
      </fieldset>

      {save.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('welcome.failed')}
        </p>
      )}
      {!isOnline && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-200" data-testid="welcome-offline">
          {t('shell:offline.actionReason')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" size="lg" onClick={skip} disabled={save.isPending || !isOnline}>
          {t('welcome.skip')}
        </Button>
        <Button type="submit" size="lg" disabled={save.isPending || !isOnline} data-testid="welcome-save">
          {isSaving && <Loader2 className="animate-spin" aria-hidden />}
          {isSaving ? t('welcome.saving') : t('welcome.save')}
        </Button>
      </div>
    </form>
  );
}

function WelcomeSkeleton() {
  return (
    <div aria-hidden className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pt-6 sm:px-6 sm:pt-10">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-32 w-full rounded-xl" />
      <Skeleton className="h-48 w-full rounded-xl" />
    </div>
  );
}
