import { Check, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { changeLanguage, getLanguage, LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { LanguagePickerButton } from './language-picker-button';

/**
 * The Radix dropdown behind the language picker. Loaded on first use by language-picker.tsx, so the
 * menu and its positioning engine stay out of the landing page's initial JavaScript.
 */
export default function LanguageMenu({ className, defaultOpen }: { className?: string; defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = getLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguagePickerButton className={className} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" data-testid="language-menu">
        <DropdownMenuLabel className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
          <Languages className="size-3.5" aria-hidden />
          {t('language.label')}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {LANGUAGES.map((language) => {
          const selected = language.code === current.code;
          return (
            <DropdownMenuItem
              key={language.code}
              lang={language.code}
              onSelect={() => void changeLanguage(language.code)}
              aria-current={selected ? 'true' : undefined}
              data-testid={`language-option-${language.code}`}
              className="gap-3"
            >
              <span aria-hidden className="text-base leading-none">
                {language.flag}
              </span>
              <span className="flex-1">{language.name}</span>
              <span className="text-xs text-muted-foreground uppercase">{language.code}</span>
              <Check className={cn('size-4 text-primary', !selected && 'invisible')} aria-hidden />
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
