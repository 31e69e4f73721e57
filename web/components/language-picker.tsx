import { lazy, Suspense, useState } from 'react';
import { LanguagePickerButton } from './language-picker-button';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/**
 * Language picker: a dropdown of the ten languages showing flag, native name and code.
 * Until first used it is only a button; the Radix menu loads on hover/focus (prefetch) and opens on
 * click, which keeps the signed-out landing bundle small.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const [activated, setActivated] = useState(false);
  const placeholder = (
    <LanguagePickerButton
      className={className}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setActivated(true)}
    />
  );
  if (!activated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu className={className} defaultOpen />
    </Suspense>
  );
}
