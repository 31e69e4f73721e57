import type { ComponentProps } from 'react';
import { ChevronDownIcon, LanguagesIcon } from '@/components/shell-icons';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { getLanguage } from '@/lib/i18n';
import { cx } from '@/lib/cx';

/**
 * The picker's trigger: a languages icon and the current code; the menu shows each language's code,
 * name and flag. Not the flag here: Windows draws flag emoji as two letters, and a browser
 * without an emoji font searches every installed font for the glyph in the first layout of every
 * page (20-40 ms on the test machine's Chromium). Shared by the light placeholder and the real menu
 * (Radix passes its props and ref through). Plain <button> + cx: it ships in the landing bundle.
 */
export function LanguagePickerButton({ className, ...props }: ComponentProps<'button'>) {
  const { t, i18n } = useTranslation('common');
  const current = getLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={t('language.current', { language: current.name })}
      data-testid="language-picker"
      className={buttonVariants({
        variant: 'ghost',
        size: 'sm',
        className: cx('gap-1.5 px-2.5 font-medium', className),
      })}
      {...props}
    >
      <LanguagesIcon className="size-4" />
      <span className="text-xs font-semibold uppercase">{current.code}</span>
      <ChevronDownIcon className="size-3.5 opacity-60" aria-hidden />
    </button>
  );
}
