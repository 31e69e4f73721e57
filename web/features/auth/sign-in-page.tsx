import { useEffect, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Eye, EyeOff, Info, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PASSWORD_MIN_LENGTH, signInBodySchema, signUpBodySchema, type SignInBody, type SignUpBody } from '@contract/users';
import { BrandLogo } from '@/components/brand-mark';
import { LanguagePicker } from '@/components/language-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ThemeToggle } from '@/lib/theme';
import { safeReturnTo } from './return-to';

const DEMO_EMAIL = 'demo@pitchin.app';
const DEMO_PASSWORD = 'pitchin-demo';

type Mode = 'signin' | 'signup';

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
};

function fieldErrorText(t: TFunction<'auth'>, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  const key = VALIDATION_KEYS[error.message];
  return key ? t(key, { min: PASSWORD_MIN_LENGTH }) : error.message;
}

// Known statuses get a translated text; in English the server's own words are shown verbatim.
const STATUS_KEYS: Record<number, string> = {
  401: 'errors.invalidCredentials',
  409: 'errors.emailTaken',
  429: 'errors.tooManyAttempts',
};

class SubmitError extends Error {}

async function postJson(url: string, body: unknown, t: TFunction<'auth'>, language: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify(body),
    });
  } catch {
    throw new SubmitError(t('errors.network'));
  }
  if (res.ok) return;
  let serverMessage = '';
  try {
    const data: unknown = await res.json();
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') serverMessage = data.message;
  } catch {
    // Non-JSON error bodies (a proxy's HTML page, say) fall through to the generic text.
  }
  const key = STATUS_KEYS[res.status];
  if (res.status >= 400 && res.status < 500) {
    if (serverMessage && (language === 'en' || !key)) throw new SubmitError(serverMessage);
    if (key) throw new SubmitError(t(key));
  }
  throw new SubmitError(t('errors.generic'));
}

function goAfterSignIn() {
  const params = new URLSearchParams(window.location.search);
  window.location.assign(safeReturnTo(params.get('returnTo'), window.location.origin));
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

function PasswordInput({ id, invalid, describedBy, ...props }: ComponentProps<typeof Input> & { invalid: boolean; describedBy?: string }) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input id={id} type={visible ? 'text' : 'password'} aria-invalid={invalid} aria-describedby={describedBy} className="pe-11" {...props} />
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
      className={message ? 'rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive' : 'sr-only'}
      data-testid="form-error"
    >
      {message}
    </div>
  );
}

function SignInForm({ onSwitch }: { onSwitch: () => void }) {
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
      <FormAlert message={submitError} />
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="signin-submit">
        {isSubmitting && <LoaderCircle className="animate-spin" aria-hidden />}
        {isSubmitting ? t('submit.signingIn') : t('submit.signIn')}
      </Button>

      <div className="rounded-lg border border-dashed border-primary/40 bg-secondary/60 p-3 text-sm text-secondary-foreground" data-testid="demo-hint">
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
        <button type="button" onClick={onSwitch} className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline">
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
      goAfterSignIn();
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
        <button type="button" onClick={onSwitch} className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline">
          {t('switch.toSignIn')}
        </button>
      </p>
    </form>
  );
}

function initialMode(): Mode {
  return new URLSearchParams(window.location.search).get('mode') === 'signup' ? 'signup' : 'signin';
}

export default function SignInPage() {
  const { t, i18n } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>(initialMode);

  useEffect(() => {
    document.title = `${mode === 'signup' ? t('tabs.createAccount') : t('tabs.signIn')} | PitchIn`;
  }, [mode, t, i18n.resolvedLanguage]);

  return (
    <div className="relative isolate flex min-h-dvh flex-col">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
        <div className="absolute -top-48 left-1/2 h-[32rem] w-[32rem] -translate-x-1/2 rounded-full bg-emerald-300/25 blur-3xl dark:bg-emerald-500/10" />
        <div className="absolute -bottom-40 -end-32 h-[24rem] w-[24rem] rounded-full bg-amber-200/30 blur-3xl dark:bg-amber-500/10" />
      </div>
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 py-4 sm:px-6">
        <a href="/" className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none" aria-label={t('common:a11y.brandHome')}>
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
            <CardDescription>{t('subtitle')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={mode} onValueChange={(value) => setMode(value === 'signup' ? 'signup' : 'signin')} className="gap-6">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin" data-testid="tab-signin">
                  {t('tabs.signIn')}
                </TabsTrigger>
                <TabsTrigger value="signup" data-testid="tab-signup">
                  {t('tabs.createAccount')}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm onSwitch={() => setMode('signup')} />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm onSwitch={() => setMode('signin')} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>

      <footer className="pb-8 text-center">
        <a href="/" className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {t('backHome')}
        </a>
      </footer>
    </div>
  );
}
