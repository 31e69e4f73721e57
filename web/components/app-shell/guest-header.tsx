import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-mark';
import { LanguagePicker } from '@/components/language-picker';
import { buttonVariants } from '@/components/ui/button-variants';
import { ThemeToggle } from '@/components/theme-toggle';

/**
 * The skip link and header of every page a visitor without a session sees (the landing page, a shared
 * event): the brand, language, theme and Sign in. Sign in is a plain link: the server's login is a full
 * page load, never a route of the app.
 */
export function GuestHeader({ signInHref }: { signInHref: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        {t('a11y.skipToContent')}
      </a>
      <header
        className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70"
        data-testid="guest-header"
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <a
            href="/"
            className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            aria-label={t('a11y.brandHome')}
          >
            <BrandLogo />
          </a>
          <div className="flex items-center gap-0.5 sm:gap-1.5">
            {/* On the narrowest phones the picker drops its chevron, as in the signed-in header, so a long
                "Sign in" (Arabic, German) still fits beside the brand. */}
            <LanguagePicker className="px-1.5 max-[399px]:[&>svg:last-child]:hidden sm:px-2.5" />
            <ThemeToggle />
            <a
              href={signInHref}
              className={buttonVariants({ size: 'sm', className: 'ms-1 max-[399px]:px-2.5 sm:px-4' })}
              data-testid="header-sign-in"
            >
              {t('nav.signIn')}
            </a>
          </div>
        </div>
      </header>
    </>
  );
}
