import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_LIMITS } from '@contract/organization-limits';
import type { Organization } from '@contract/organizations';
import { Button } from '@/components/ui/button';
import { statusOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { organizationQueryOptions } from './api/get-organization';
import { ACCEPTED_IMAGE_TYPES, readAsDataUrl } from '@/lib/image-file';

/** Owners and admins choose or remove the logo; the server re-encodes it to a square. */
export function OrganizationLogoEditor({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const queryClient = useQueryClient();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (image: string | null) =>
      callApi((api) =>
        image === null
          ? api.DELETE('/api/organizations/{id}/logo', { params: { path: { id: organization.id } } })
          : api.PUT('/api/organizations/{id}/logo', { params: { path: { id: organization.id } }, body: { image } }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(organizationQueryOptions(organization.slug).queryKey, answer);
      toast({ title: t(answer.logoUrl ? 'logo.saved' : 'logo.removed') });
    },
    onError: (failure) =>
      setError(
        statusOf(failure) === 400
          ? t('logo.unreadable')
          : statusOf(failure) === 413
            ? t('logo.tooLarge')
            : t('logo.failed'),
      ),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return setError(t('logo.wrongType'));
    if (file.size > ORGANIZATION_LIMITS.logoBytesMax) return setError(t('logo.tooLarge'));
    save.mutate(await readAsDataUrl(file));
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void choose(event)}
          data-testid="organization-logo-input"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={save.isPending}
          aria-describedby={error ? errorId : undefined}
          onClick={() => fileInput.current?.click()}
          data-testid="organization-logo-choose"
        >
          <ImageUp aria-hidden />
          {save.isPending ? t('logo.saving') : organization.logoUrl ? t('logo.change') : t('logo.add')}
        </Button>
        {organization.logoUrl && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={save.isPending}
            onClick={() => save.mutate(null)}
            data-testid="organization-logo-remove"
          >
            <Trash2 aria-hidden />
            {t('logo.remove')}
          </Button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="organization-logo-error">
          {error}
        </p>
      )}
    </div>
  );
}
