import { CircleExclamationPointIcon, HouseIcon } from '@/components/shell-icons';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';

// Plain elements, buttonVariants and a full-page link (no <Card>/<Button>/wouter <Link>) keep this
// page, which ships with the landing bundle, free of tailwind-merge and the router.
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <main id="main" className="flex min-h-dvh w-full items-center justify-center bg-background px-4 py-12">
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
    </main>
  );
}
