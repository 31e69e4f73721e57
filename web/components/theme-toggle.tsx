import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '@/components/shell-icons';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/cx';
import { useTheme } from '@/lib/theme';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const { t } = useTranslation('common');
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={buttonVariants({ variant: 'ghost', size: 'icon', className: cx('rounded-full', className) })}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <SunIcon className="size-5" aria-hidden /> : <MoonIcon className="size-5" aria-hidden />}
    </button>
  );
}
