import { CircleExclamationPointIcon, HouseIcon } from '@/components/shell-icons';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';

/**
 * `standalone` (signed out): the page is the whole document, so it is the <main> landmark itself.
 * Signed in it renders inside SignedInLayout's <main>, so it must not add a second one.
 * Plain elements, buttonVariants and a full-page link (no <Card>/<Button>/wouter <Link>) keep this
 * page, which ships with the landing bundle, free of tailwind-merge and the router.
 */
export default function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('common');
  const Wrapper = standalone ? 'main' : 'div';
  return (
    <Wrapper
      id={standalone ? 'main' : undefined}
      className={cx(
        'flex w-full items-center justify-center px-4 py-12',
        standalone ? 'min-h-dvh bg-background' : 'min-h-[60dvh]',
      )}
    >
      <div className="flex w-full max-w-md flex-col gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm">
        <div className="flex items-center gap-3">
          <CircleExclamationPointIcon className="size-8 shrink-0 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
        </div>
        <p className="text-sm text-muted-foreground">{t('notFound.hint')}</p>
        <a href="/" className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
          <HouseIcon aria-hidden />
          {t('notFound.home')}
        </a>
      </div>
    </Wrapper>
  );
}
