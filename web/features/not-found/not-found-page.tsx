import { CompassIcon, HouseIcon, MapPinIcon } from '@/components/shell-icons';
import { useTranslation } from 'react-i18next';
import { GuestHeader } from '@/components/app-shell/guest-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';

/** Discover needs an account; a visitor signs in on the way and lands there. */
const DISCOVER_FOR_VISITORS = `/api/login?returnTo=${encodeURIComponent('/discover')}`;

/**
 * `standalone` (signed out): the page is the whole document, with the visitors' header and its own
 * <main> landmark. Signed in it renders inside SignedInLayout's <main>, so it must not add a second one.
 * Plain elements, buttonVariants and full-page links (no <Card>/<Button>/wouter <Link>) keep this
 * page, which ships with the landing bundle, free of tailwind-merge and the router.
 */
export default function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('common');
  const content = (
    <div
      className={cx('flex w-full items-center justify-center px-4 py-12', standalone ? 'flex-1' : 'min-h-[60dvh]')}
      data-testid="not-found"
    >
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border border-border bg-card p-6 text-center text-card-foreground shadow-sm sm:p-8">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <MapPinIcon className="size-7" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-balance">{t('notFound.title')}</h1>
        <p className="text-sm text-balance text-muted-foreground">{t('notFound.hint')}</p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <a href="/" className={buttonVariants({ className: 'sm:flex-1' })} data-testid="not-found-home">
            <HouseIcon aria-hidden />
            {standalone ? t('notFound.home') : t('notFound.homeSignedIn')}
          </a>
          <a
            href={standalone ? DISCOVER_FOR_VISITORS : '/discover'}
            className={buttonVariants({ variant: 'outline', className: 'sm:flex-1' })}
            data-testid="not-found-discover"
          >
            <CompassIcon aria-hidden />
            {t('notFound.discover')}
          </a>
        </div>
      </div>
    </div>
  );
  if (!standalone) return content;
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <GuestHeader signInHref="/api/login" />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {content}
      </main>
    </div>
  );
}
