import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ORGANIZATION_LIMITS, SLUG_PATTERN } from '@contract/organization-limits';
import { codeOf, isApiError } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { refusalText } from '@/lib/error-text';

/** A slug proposed from the name: lower case, accents dropped, runs of other characters as one hyphen. */
function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ORGANIZATION_LIMITS.slugMax)
    .replace(/-+$/, '');
}

/** /organizations/new: name, address, description and website; the creator becomes its owner. */
export function NewOrganizationScreen() {
  const { t, i18n } = useTranslation('organizations');
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [website, setWebsite] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownSlug = isSlugEdited ? slug : slugFrom(name);
  // The contract's rules, checked here too so that a person hears of them as they type.
  const isSlugValid =
    shownSlug.length >= ORGANIZATION_LIMITS.slugMin &&
    shownSlug.length <= ORGANIZATION_LIMITS.slugMax &&
    SLUG_PATTERN.test(shownSlug);
  const create = useMutation({
    mutationFn: () =>
      callApi((api) =>
        api.POST('/api/organizations', {
          body: {
            name: name.trim(),
            slug: shownSlug,
            description: description.trim(),
            website: website.trim() || null,
          },
        }),
      ),
    onSuccess: (organization) => navigate(`/o/${organization.slug}`),
    // Worded by the refusal's code (decision 0021), never guessed from its status.
    onError: async (error) => {
      if (codeOf(error) === 'VALIDATION_FAILED') {
        // The field at fault: a name or address the server refuses as posing as the site (decisions §22).
        const paths = isApiError(error) ? error.fieldErrors.map((problem) => problem.path) : [];
        return setProblem(
          paths.includes('name')
            ? t('create.errors.name')
            : paths.includes('slug')
              ? t('create.errors.slug')
              : t('create.errors.invalid'),
        );
      }
      setProblem((await refusalText(i18n, error)) ?? t('create.errors.failed'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!name.trim() || !description.trim()) return setProblem(t('create.errors.required'));
    if (!isSlugValid) return setProblem(t('create.slugRule'));
    create.mutate();
  };
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex items-center gap-3">
        <span
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground"
          aria-hidden
        >
          <Building2 className="size-5" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{t('create.title')}</h1>
      </div>
      <p className="mt-2 text-muted-foreground">{t('create.description')}</p>
      <form className="mt-6 flex flex-col gap-5" onSubmit={submit} noValidate data-testid="new-organization-form">
        <div className="flex flex-col gap-2">
          <Label htmlFor="organization-name">{t('create.fields.name')}</Label>
          <Input
            id="organization-name"
            value={name}
            maxLength={ORGANIZATION_LIMITS.nameMax}
            onChange={(event) => setName(event.target.value)}
            dir="auto"
            required
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="organization-slug">{t('create.fields.slug')}</Label>
          <div
            className="flex items-center rounded-md border border-input focus-within:ring-2 focus-within:ring-ring"
            dir="ltr"
          >
            <span className="ps-3 text-sm text-muted-foreground select-none">/o/</span>
            <Input
              id="organization-slug"
              className="border-0 ps-0.5 shadow-none focus-visible:ring-0"
              value={shownSlug}
              maxLength={ORGANIZATION_LIMITS.slugMax}
              onChange={(event) => {
                setIsSlugEdited(true);
                setSlug(event.target.value.toLowerCase());
              }}
              aria-invalid={shownSlug !== '' && !isSlugValid}
              aria-describedby="organization-slug-rule"
              autoCapitalize="none"
              spellCheck={false}
            />
          </div>
          <p id="organization-slug-rule" className="text-sm text-muted-foreground">
            {t('create.slugRule')}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="organization-description">{t('create.fields.description')}</Label>
          <Textarea
            id="organization-description"
            rows={5}
            maxLength={ORGANIZATION_LIMITS.descriptionMax}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            dir="auto"
            required
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="organization-website">{t('create.fields.website')}</Label>
          <Input
            id="organization-website"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
            dir="ltr"
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="new-organization-error">
            {problem}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={create.isPending} data-testid="new-organization-submit">
          {create.isPending ? t('create.submitting') : t('create.submit')}
        </Button>
      </form>
    </div>
  );
}
