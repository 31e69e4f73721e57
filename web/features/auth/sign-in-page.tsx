import { useEffect, useId, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Eye, EyeOff, Info, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ErrorCode } from '@contract/errors';
import {
  EMAIL_VERIFICATION_QUERY_KEY,
  EMAIL_VERIFICATION_STATES,
  type EmailVerificationState,
} from '@contract/email-verification';
import {
  PASSWORD_MIN_LENGTH,
  signInBodySchema,
  signUpBodySchema,
  type SignInBody,
  type SignUpBody,
} from '@contract/users';
import {
  passwordResetRequestBodySchema,
  type PasswordResetLinkState,
  type PasswordResetRequestBody,
} from '@contract/account';
import { DEFAULT_RETURN_PATH, resolveReturnPath } from '@contract/return-to';
import { BrandLogo } from '@/components/brand-mark';
import { LanguagePicker } from '@/components/language-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { codeOf, isApiError } from '@/lib/api-error';
import { apiFetch } from '@/lib/api-fetch';
import { ThemeToggle } from '@/components/theme-toggle';

const DEMO_EMAIL = 'demo@pitchin.app';
const DEMO_PASSWORD = 'pitchin-demo';

type Mode = 'signin' | 'signup';
/** The reset request form (`?mode=forgot`) and the page a reset mail links to (`?mode=reset#token=…`). */
type View = 'tabs' | 'forgot' | 'reset';

// The contract's validation messages are English; map the known ones to translated strings.
const VALIDATION_KEYS: Record<string, string> = {
  'Email is required': 'errors.emailRequired',
  'Enter a valid email address': 'errors.emailInvalid',
  'Email must be at most 254 characters': 'errors.emailTooLong',
  'Password is required': 'errors.passwordRequired',
  [`Password must be at least ${PASSWORD_MIN_LENGTH} characters`]: 'errors.passwordTooShort',
  'Password must be at most 128 characters': 'errors.passwordTooLong',
  'First name is required': 'errors.firstNameRequired',
  'Last name is required': 'errors.lastNameRequired',
  'First name must be at most 100 characters': 'errors.nameTooLong',
  'Last name must be at most 100 characters': 'errors.nameTooLong',
  'First name must not contain control, invisible or text-direction characters': 'errors.nameCharacters',
  'Last name must not contain control, invisible or text-direction characters': 'errors.nameCharacters',
  'First name must contain a letter or a digit': 'errors.nameNoLetter',
  'Last name must contain a letter or a digit': 'errors.nameNoLetter',
};

function fieldErrorText(t: TFunction<'auth'>, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  const key = VALIDATION_KEYS[error.message];
  return key ? t(key, { min: PASSWORD_MIN_LENGTH }) : error.message;
}

// The refusals this page words itself, by the answer's code.
const CODE_KEYS: Partial<Record<ErrorCode, string>> = {
  INVALID_CREDENTIALS: 'errors.invalidCredentials',
  EMAIL_TAKEN: 'errors.emailTaken',
  RATE_LIMITED: 'errors.tooManyAttempts',
  WEAK_PASSWORD: 'reset.weak',
};

class SubmitError extends Error {}

/**
 * A refusal in the user's language, chosen by the answer's code. The one server text shown is why a
 * password is guessable, to English readers: the strength checker explains it in English only.
 */
function refusalText(error: unknown, t: TFunction<'auth'>, language: string): string {
  if (!isApiError(error)) return t('errors.network');
  if (error.code === 'WEAK_PASSWORD' && language === 'en' && error.serverMessage) return error.serverMessage;
  const key = error.code ? CODE_KEYS[error.code] : undefined;
  return key ? t(key) : t('errors.generic');
}

async function postJson(url: string, body: unknown, t: TFunction<'auth'>, language: string): Promise<void> {
  try {
    await apiFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new SubmitError(refusalText(error, t, language));
  }
}

function goAfterSignIn() {
  const params = new URLSearchParams(window.location.search);
  window.location.assign(resolveReturnPath(params.get('returnTo'), window.location.origin));
}

/** The first-run questions follow a sign-up, unless the person signed up on the way to something (an RSVP). */
const FIRST_RUN_PATH = '/welcome';

function goAfterSignUp() {
  const params = new URLSearchParams(window.location.search);
  const path = resolveReturnPath(params.get('returnTo'), window.location.origin);
  window.location.assign(path === DEFAULT_RETURN_PATH ? FIRST_RUN_PATH : path);
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function PasswordInput({
  id,
  invalid,
  describedBy,
  ...props
}: ComponentProps<typeof Input> & { invalid: boolean; describedBy?: string }) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className="pe-11"
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 flex w-11 cursor-pointer items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}

function FormAlert({ message }: { message: string | null }) {
  // Always rendered so screen readers announce the text when it appears.
  return (
    // sr-only while empty: out of the grid flow, so it adds no gap.
    <div
      role="alert"
      aria-live="assertive"
      className={
        message
          ? 'rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive'
          : 'sr-only'
      }
      data-testid="form-error"
    >
      {message}
    </div>
  );
}

function SignInForm({ onSwitch, onForgot }: { onSwitch: () => void; onForgot: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const uid = useId();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = async (body: SignInBody) => {
    setSubmitError(null);
    try {
      await postJson('/api/auth/login', body, t, i18n.resolvedLanguage ?? 'en');
      goAfterSignIn();
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : t('errors.generic'));
    }
  };

  const emailError = fieldErrorText(t, errors.email);
  const passwordError = fieldErrorText(t, errors.password);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label={t('tabs.signIn')}>
      <Field id={`${uid}-email`} label={t('fields.email')} error={emailError}>
        <Input
          id={`${uid}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          aria-invalid={!!emailError}
          aria-describedby={emailError ? `${uid}-email-error` : undefined}
          data-testid="signin-email"
          {...register('email')}
        />
      </Field>
      <Field id={`${uid}-password`} label={t('fields.password')} error={passwordError}>
        <PasswordInput
          id={`${uid}-password`}
          autoComplete="current-password"
          invalid={!!passwordError}
          describedBy={passwordError ? `${uid}-password-error` : undefined}
          data-testid="signin-password"
          {...register('password')}
        />
      </Field>
      <button
        type="button"
        onClick={onForgot}
        className="-mt-2 cursor-pointer justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        data-testid="forgot-password"
      >
        {t('forgot.link')}
      </button>
      <FormAlert message={submitError} />
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="signin-submit">
        {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
        {isSubmitting ? t('submit.signingIn') : t('submit.signIn')}
      </Button>

      <div
        className="rounded-lg border border-dashed border-primary/40 bg-secondary/60 p-3 text-sm text-secondary-foreground"
        data-testid="demo-hint"
      >
        <p className="flex items-center gap-2 font-semibold">
          <Info className="size-4 shrink-0" aria-hidden />
          {t('demo.title')}
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="font-medium">{t('fields.email')}</dt>
          <dd>
            <code dir="ltr">{DEMO_EMAIL}</code>
          </dd>
          <dt className="font-medium">{t('fields.password')}</dt>
          <dd>
            <code dir="ltr">{DEMO_PASSWORD}</code>
          </dd>
        </dl>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="mt-1 h-auto px-0 text-secondary-foreground underline"
          onClick={() => {
            setValue('email', DEMO_EMAIL, { shouldValidate: true });
            setValue('password', DEMO_PASSWORD, { shouldValidate: true });
          }}
        >
          {t('demo.use')}
        </Button>
      </div>

      <p className="text-center text-sm text-muted-foreground">
        {t('switch.noAccount')}{' '}
        <button
          type="button"
          onClick={onSwitch}
          className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('switch.toSignUp')}
        </button>
      </p>
    </form>
  );
}

function SignUpForm({ onSwitch }: { onSwitch: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const uid = useId();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpBodySchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const onSubmit = async (body: SignUpBody) => {
    setSubmitError(null);
    try {
      await postJson('/api/auth/signup', body, t, i18n.resolvedLanguage ?? 'en');
      goAfterSignUp();
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : t('errors.generic'));
    }
  };

  const firstNameError = fieldErrorText(t, errors.firstName);
  const lastNameError = fieldErrorText(t, errors.lastName);
  const emailError = fieldErrorText(t, errors.email);
  const passwordError = fieldErrorText(t, errors.password);
  const describe = (name: string, error: string | undefined, hint?: boolean) =>
    error ? `${uid}-${name}-error` : hint ? `${uid}-${name}-hint` : undefined;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label={t('tabs.createAccount')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${uid}-firstName`} label={t('fields.firstName')} error={firstNameError}>
          <Input
            id={`${uid}-firstName`}
            autoComplete="given-name"
            aria-invalid={!!firstNameError}
            aria-describedby={describe('firstName', firstNameError)}
            data-testid="signup-first-name"
            {...register('firstName')}
          />
        </Field>
        <Field id={`${uid}-lastName`} label={t('fields.lastName')} error={lastNameError}>
          <Input
            id={`${uid}-lastName`}
            autoComplete="family-name"
            aria-invalid={!!lastNameError}
            aria-describedby={describe('lastName', lastNameError)}
            data-testid="signup-last-name"
            {...register('lastName')}
          />
        </Field>
      </div>
      <Field id={`${uid}-email`} label={t('fields.email')} error={emailError}>
        <Input
          id={`${uid}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          aria-invalid={!!emailError}
          aria-describedby={describe('email', emailError)}
          data-testid="signup-email"
          {...register('email')}
        />
      </Field>
      <Field
        id={`${uid}-password`}
        label={t('fields.password')}
        error={passwordError}
        hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput
          id={`${uid}-password`}
          autoComplete="new-password"
          invalid={!!passwordError}
          describedBy={describe('password', passwordError, true)}
          data-testid="signup-password"
          {...register('password')}
        />
      </Field>
      <FormAlert message={submitError} />
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="signup-submit">
        {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
        {isSubmitting ? t('submit.creatingAccount') : t('submit.createAccount')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('switch.haveAccount')}{' '}
        <button
          type="button"
          onClick={onSwitch}
          className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('switch.toSignIn')}
        </button>
      </p>
    </form>
  );
}

/** Asks for a reset mail. The answer is the same whether or not the address has an account. */
function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const uid = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordResetRequestBodySchema), defaultValues: { email: '' } });

  const onSubmit = async (body: PasswordResetRequestBody) => {
    setSubmitError(null);
    try {
      await postJson('/api/auth/password-reset', body, t, i18n.resolvedLanguage ?? 'en');
      setSentTo(body.email);
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : t('errors.generic'));
    }
  };

  if (sentTo !== null) {
    return (
      <div className="grid gap-4" data-testid="forgot-sent">
        <p
          role="status"
          className="rounded-md border border-primary/30 bg-secondary/60 px-3 py-3 text-sm text-secondary-foreground"
        >
          {t('forgot.sent', { email: sentTo })}
        </p>
        <Button type="button" variant="outline" onClick={onBack} data-testid="forgot-back">
          <ArrowLeft className="rtl:rotate-180" aria-hidden />
          {t('forgot.back')}
        </Button>
      </div>
    );
  }

  const emailError = fieldErrorText(t, errors.email);
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-labelledby={`${uid}-title`}
      data-testid="forgot-form"
    >
      <div className="grid gap-1">
        <h2 id={`${uid}-title`} className="text-lg font-semibold">
          {t('forgot.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('forgot.description')}</p>
      </div>
      <Field id={`${uid}-email`} label={t('fields.email')} error={emailError}>
        <Input
          id={`${uid}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          aria-invalid={!!emailError}
          aria-describedby={emailError ? `${uid}-email-error` : undefined}
          data-testid="forgot-email"
          {...register('email')}
        />
      </Field>
      <FormAlert message={submitError} />
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="forgot-submit">
        {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
        {isSubmitting ? t('forgot.sending') : t('forgot.submit')}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="cursor-pointer text-center text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        {t('forgot.back')}
      </button>
    </form>
  );
}

function readResetToken(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

const RESET_STATE_KEYS: Record<Exclude<PasswordResetLinkState, 'valid'>, string> = {
  used: 'reset.used',
  expired: 'reset.expired',
  invalid: 'reset.invalid',
};

/**
 * The page a reset mail links to. The token rides in the fragment (no server log or
 * Referer sees it); the link's state is asked first, so a used or expired link says so before anyone
 * types a password.
 */
function ResetPasswordForm({ onDone, onRequestNew }: { onDone: () => void; onRequestNew: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const uid = useId();
  const [token] = useState(readResetToken);
  const [state, setState] = useState<PasswordResetLinkState | 'checking' | 'done'>(token ? 'checking' : 'invalid');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const check = async () => {
    try {
      const response = await apiFetch('/api/auth/password-reset/check', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const body = (await response.json()) as { state?: PasswordResetLinkState };
      setState(body.state ?? 'invalid');
    } catch (error) {
      if (isApiError(error)) return setState('invalid');
      setState('valid');
      setSubmitError(t('errors.network'));
    }
  };

  useEffect(() => {
    if (token) void check();
    // Checked once, for the token the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setSubmitError(null);
    if ([...password].length < PASSWORD_MIN_LENGTH)
      return setFieldError(t('errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }));
    if (password !== confirmation) return setFieldError(t('reset.mismatch'));
    setIsSubmitting(true);
    try {
      await apiFetch('/api/auth/password-reset/confirm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, password }),
      });
      // The token is spent: it leaves the address bar and the history entry.
      window.history.replaceState(null, '', '/api/login');
      setState('done');
    } catch (error) {
      if (codeOf(error) === 'RESET_LINK_INVALID') await check();
      else if (isApiError(error) && error.fieldErrors.some((item) => item.path === 'password'))
        setFieldError(refusalText(error, t, i18n.resolvedLanguage ?? 'en'));
      else setSubmitError(refusalText(error, t, i18n.resolvedLanguage ?? 'en'));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (state === 'checking') {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {t('reset.checking')}
      </p>
    );
  }
  if (state === 'done') {
    return (
      <div className="grid gap-4" data-testid="reset-done">
        <p
          role="status"
          className="rounded-md border border-primary/30 bg-secondary/60 px-3 py-3 text-sm text-secondary-foreground"
        >
          {t('reset.done')}
        </p>
        <Button type="button" size="lg" onClick={onDone} data-testid="reset-sign-in">
          {t('submit.signIn')}
        </Button>
      </div>
    );
  }
  if (state !== 'valid') {
    return (
      <div className="grid gap-4" data-testid="reset-unusable" data-state={state}>
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-3 text-sm font-medium text-destructive"
        >
          {t(RESET_STATE_KEYS[state])}
        </div>
        <Button type="button" onClick={onRequestNew} data-testid="reset-request-new">
          {t('reset.requestNew')}
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-labelledby={`${uid}-title`}
      data-testid="reset-form"
    >
      <div className="grid gap-1">
        <h2 id={`${uid}-title`} className="text-lg font-semibold">
          {t('reset.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('reset.description')}</p>
      </div>
      <Field
        id={`${uid}-password`}
        label={t('reset.password')}
        error={fieldError ?? undefined}
        hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput
          id={`${uid}-password`}
          autoComplete="new-password"
          invalid={fieldError !== null}
          describedBy={fieldError ? `${uid}-password-error` : `${uid}-password-hint`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="reset-password"
        />
      </Field>
      <Field id={`${uid}-confirm`} label={t('reset.confirm')}>
        <PasswordInput
          id={`${uid}-confirm`}
          autoComplete="new-password"
          invalid={false}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          data-testid="reset-confirm"
        />
      </Field>
      <FormAlert message={submitError} />
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="reset-submit">
        {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
        {isSubmitting ? t('reset.saving') : t('reset.submit')}
      </Button>
    </form>
  );
}

function initialView(): View {
  const mode = new URLSearchParams(window.location.search).get('mode');
  return mode === 'forgot' ? 'forgot' : mode === 'reset' ? 'reset' : 'tabs';
}

/** How a verification link opened while signed out went (`?emailVerification=`, from the server's redirect). */
function initialVerificationOutcome(): EmailVerificationState | null {
  const value = new URLSearchParams(window.location.search).get(EMAIL_VERIFICATION_QUERY_KEY);
  return EMAIL_VERIFICATION_STATES.find((state) => state === value) ?? null;
}

function initialMode(): Mode {
  return new URLSearchParams(window.location.search).get('mode') === 'signup' ? 'signup' : 'signin';
}

export default function SignInPage() {
  const { t, i18n } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>(initialMode);
  const [view, setView] = useState<View>(initialView);
  const [verificationOutcome] = useState(initialVerificationOutcome);

  useEffect(() => {
    const heading =
      view === 'forgot'
        ? t('forgot.title')
        : view === 'reset'
          ? t('reset.title')
          : mode === 'signup'
            ? t('tabs.createAccount')
            : t('tabs.signIn');
    document.title = `${heading} | PitchIn`;
  }, [mode, view, t, i18n.resolvedLanguage]);

  const showSignIn = () => {
    setMode('signin');
    setView('tabs');
  };

  return (
    <div className="relative isolate flex min-h-dvh flex-col">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
        <div className="absolute -top-48 left-1/2 h-[32rem] w-[32rem] -translate-x-1/2 rounded-full bg-radial from-emerald-300/25 to-transparent to-70% dark:from-emerald-500/10" />
        <div className="absolute -bottom-40 -end-32 h-[24rem] w-[24rem] rounded-full bg-radial from-amber-200/30 to-transparent to-70% dark:from-amber-500/10" />
      </div>
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 py-4 sm:px-6">
        <a
          href="/"
          className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          aria-label={t('common:a11y.brandHome')}
        >
          <BrandLogo />
        </a>
        <div className="flex items-center gap-1">
          <LanguagePicker />
          <ThemeToggle />
        </div>
      </header>

      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md shadow-lg">
          <CardHeader className="pb-4 text-center">
            <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
            <CardDescription data-testid="sign-in-subtitle">
              {mode === 'signup' && view === 'tabs' ? t('subtitleSignUp') : t('subtitle')}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {verificationOutcome && view === 'tabs' && (
              <p
                role="status"
                className={
                  verificationOutcome === 'verified'
                    ? 'mb-4 flex items-center gap-2 rounded-lg bg-secondary/60 p-3 text-sm text-secondary-foreground'
                    : 'mb-4 flex items-center gap-2 rounded-lg border border-destructive/40 p-3 text-sm'
                }
                data-testid="email-verification-outcome"
              >
                <Info className="size-4 shrink-0" aria-hidden />
                {t(`emailVerification.${verificationOutcome}`)}
              </p>
            )}
            {view === 'forgot' ? (
              <ForgotPasswordForm onBack={showSignIn} />
            ) : view === 'reset' ? (
              <ResetPasswordForm onDone={showSignIn} onRequestNew={() => setView('forgot')} />
            ) : (
              <Tabs
                value={mode}
                onValueChange={(value) => setMode(value === 'signup' ? 'signup' : 'signin')}
                className="gap-6"
              >
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="signin" data-testid="tab-signin">
                    {t('tabs.signIn')}
                  </TabsTrigger>
                  <TabsTrigger value="signup" data-testid="tab-signup">
                    {t('tabs.createAccount')}
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="signin">
                  <SignInForm onSwitch={() => setMode('signup')} onForgot={() => setView('forgot')} />
                </TabsContent>
                <TabsContent value="signup">
                  <SignUpForm onSwitch={() => setMode('signin')} />
                </TabsContent>
              </Tabs>
            )}
          </CardContent>
        </Card>
      </main>

      <footer className="pb-8 text-center">
        <a
          href="/"
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {t('backHome')}
        </a>
      </footer>
    </div>
  );
}
