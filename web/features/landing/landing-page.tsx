import type { ComponentType, SVGProps } from 'react';
import type { PublicStats } from '@contract/stats';
import {
  ArrowRightIcon,
  CalendarDaysIcon,
  CalendarHeartIcon,
  ClockIcon,
  HeartHandshakeIcon,
  MapPinIcon,
  TrendingUpIcon,
  UsersIcon,
} from '@/components/shell-icons';
import { useTranslation } from 'react-i18next';
import { GuestHeader } from '@/components/app-shell/guest-header';
import { BrandMark } from '@/components/brand-mark';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { formatCompactNumber } from '@/lib/format-compact-number';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** Every sign-in / get-started button is a full navigation to the server's login. */
function goToSignIn() {
  window.location.href = '/api/login';
}

/** Get Started is for newcomers: the login page opens on its Create account tab. */
const goToSignUp = () => (window.location.href = '/api/login?mode=signup');

// The public figures (GET /api/stats/public), in the spec's places; each labelled by `stats.<field>`.
const STATS: { field: keyof PublicStats; icon: Icon }[] = [
  { field: 'volunteers', icon: UsersIcon },
  { field: 'eventsThisMonth', icon: CalendarDaysIcon },
  { field: 'verifiedHours', icon: ClockIcon },
  { field: 'communities', icon: MapPinIcon },
];

const FEATURES: { key: string; icon: Icon; tone: string }[] = [
  {
    key: 'discover',
    icon: CalendarHeartIcon,
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  },
  { key: 'connect', icon: UsersIcon, tone: 'bg-teal-100 text-teal-800 dark:bg-teal-400/15 dark:text-teal-300' },
  { key: 'impact', icon: TrendingUpIcon, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300' },
];

/**
 * `stats` come in the page's data, which the server writes whether or not it rendered the page
 * (server/plugins/web.ts): no fetch of its own, for the landing page's 100 kB budget. Without them (the
 * figures could not be read) the cards show their labels alone.
 */
export default function LandingPage({ stats }: { stats?: PublicStats }) {
  const { t, i18n } = useTranslation('landing');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const year = new Date().getFullYear();

  const scrollToFeatures = () => {
    const target = document.getElementById('features');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Move focus too, so keyboard and screen-reader users land where sighted users are looking.
    target?.focus({ preventScroll: true });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <GuestHeader signInHref="/api/login" />

      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
          <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
            <div className="absolute -top-40 left-1/2 h-[36rem] w-[36rem] -translate-x-1/2 rounded-full bg-radial from-emerald-300/30 to-transparent to-70% dark:from-emerald-500/15" />
            <div className="absolute top-40 -end-40 h-[28rem] w-[28rem] rounded-full bg-radial from-amber-200/40 to-transparent to-70% dark:from-amber-500/10" />
            <div className="absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,var(--border)_1px,transparent_0)] [background-size:28px_28px] [mask-image:linear-gradient(to_bottom,black,transparent_75%)] opacity-70" />
          </div>

          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_0.85fr] lg:gap-16 lg:pt-24 lg:pb-28">
            <div className="flex flex-col items-start">
              <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-primary/25 bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
                <HeartHandshakeIcon className="size-4" aria-hidden />
                {t('hero.badge')}
              </p>
              <h1
                id="hero-title"
                className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
              >
                {t('hero.title')}
              </h1>
              <p className="mt-5 text-xl font-semibold text-balance text-primary sm:text-2xl">{t('hero.subtitle')}</p>
              <p className="mt-4 max-w-xl text-base leading-relaxed text-muted-foreground sm:text-lg">
                {t('hero.description')}
              </p>
              <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap">
                <button
                  type="button"
                  onClick={goToSignUp}
                  className={buttonVariants({ size: 'lg', className: 'group shadow-md shadow-primary/20' })}
                  data-testid="hero-get-started"
                >
                  {t('actions.getStarted')}
                  <ArrowRightIcon
                    className="transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5"
                    aria-hidden
                  />
                </button>
                <button
                  type="button"
                  onClick={scrollToFeatures}
                  className={buttonVariants({ size: 'lg', variant: 'outline' })}
                  data-testid="hero-learn-more"
                >
                  {t('actions.learnMore')}
                </button>
                <button
                  type="button"
                  onClick={goToSignIn}
                  className={buttonVariants({ size: 'lg', variant: 'link' })}
                  data-testid="hero-sign-in"
                >
                  {t('actions.signIn')}
                </button>
              </div>
            </div>

            <section aria-labelledby="stats-title" className="w-full">
              <h2 id="stats-title" className="sr-only">
                {t('stats.title')}
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:gap-4">
                {STATS.map(({ field, icon: StatIcon }, index) => (
                  <li
                    key={field}
                    className={cx(
                      'flex flex-col gap-3 rounded-2xl border border-border bg-card/90 p-4 shadow-sm backdrop-blur sm:p-6',
                      index % 2 === 1 && 'lg:translate-y-6',
                    )}
                  >
                    <span className="inline-flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                      <StatIcon className="size-5" aria-hidden />
                    </span>
                    <span className="flex flex-col">
                      <span
                        dir="ltr"
                        className="self-start text-3xl font-extrabold tracking-tight tabular-nums sm:text-4xl"
                      >
                        {stats && formatCompactNumber(stats[field], language)}
                      </span>
                      <span className="mt-1 text-sm font-medium text-muted-foreground">{t(`stats.${field}`)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </section>

        <section
          id="features"
          tabIndex={-1}
          aria-labelledby="features-title"
          className="scroll-mt-16 border-y border-border/70 bg-muted/50 py-16 outline-none sm:py-24"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('features.eyebrow')}</p>
              <h2 id="features-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                {t('features.title')}
              </h2>
              <p className="mt-4 text-base text-muted-foreground sm:text-lg">{t('features.subtitle')}</p>
            </div>
            <ul className="mt-12 grid gap-5 md:grid-cols-3">
              {FEATURES.map(({ key, icon: FeatureIcon, tone }) => (
                <li
                  key={key}
                  className="group rounded-2xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8"
                >
                  <span className={cx('inline-flex size-12 items-center justify-center rounded-xl', tone)}>
                    <FeatureIcon className="size-6" aria-hidden />
                  </span>
                  <h3 className="mt-5 text-xl font-semibold">{t(`features.${key}.title`)}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{t(`features.${key}.description`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-24">
          <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-emerald-700 to-teal-800 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
            <div
              aria-hidden
              className="absolute -top-24 -end-24 -z-10 size-72 rounded-full bg-radial from-white/10 to-transparent to-70%"
            />
            <div
              aria-hidden
              className="absolute -bottom-24 -start-24 -z-10 size-72 rounded-full bg-radial from-emerald-300/20 to-transparent to-70%"
            />
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {t('cta.title')}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-base text-emerald-50 sm:text-lg">{t('cta.description')}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <button
                type="button"
                onClick={goToSignUp}
                className={buttonVariants({ size: 'lg', variant: 'inverse' })}
                data-testid="cta-get-started"
              >
                {t('cta.button')}
                <ArrowRightIcon className="rtl:rotate-180" aria-hidden />
              </button>
              <button
                type="button"
                onClick={goToSignIn}
                className={buttonVariants({ size: 'lg', variant: 'inverseOutline' })}
                data-testid="cta-sign-in"
              >
                {t('actions.signIn')}
              </button>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-border/70 bg-background">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-10 text-center sm:flex-row sm:justify-between sm:text-start sm:px-6">
          <div className="flex items-center gap-3">
            <BrandMark className="size-7" />
            <p className="font-medium">{t('footer.tagline')}</p>
          </div>
          {/* The server may have rendered the page on the other side of a New Year (another zone, or its
              cache): the year is the one thing allowed to differ when the app hydrates it. */}
          <p className="text-sm text-muted-foreground" suppressHydrationWarning>
            {t('footer.copyright', { year })}
          </p>
        </div>
      </footer>
    </div>
  );
}
