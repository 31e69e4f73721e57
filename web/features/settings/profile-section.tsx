import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, LoaderCircle, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PROFILE_IMAGE_BYTES_MAX } from '@contract/account';
import { personNameSchema, type User } from '@contract/users';
import { PersonAvatar } from '@/components/people/person-avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError, statusOf } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { FieldMessage, nameErrorText, problemText } from './settings-text';
import { useUpdateProfile } from './api/use-account';
import { ACCEPTED_IMAGE_TYPES, readAsDataUrl } from '@/lib/image-file';

const namesSchema = z.object({ firstName: personNameSchema('First name'), lastName: personNameSchema('Last name') });
type Names = z.infer<typeof namesSchema>;

/** Names (the one name rule, checked here with the same schema) and the profile photo. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const uid = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const updateProfile = useUpdateProfile();
  const photoUpdate = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<Names>({
    resolver: zodResolver(namesSchema),
    values: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });

  const saveNames = async (names: Names) => {
    setFormError(null);
    try {
      const updated = await updateProfile.mutateAsync(names);
      reset({ firstName: updated.firstName ?? '', lastName: updated.lastName ?? '' });
      toast({ title: t('profile.saved') });
    } catch (error) {
      const fields = isApiError(error)
        ? error.fieldErrors.filter((field) => field.path === 'firstName' || field.path === 'lastName')
        : [];
      for (const field of fields) setError(field.path as 'firstName' | 'lastName', { message: field.message });
      if (fields.length === 0) setFormError(problemText(t, error));
    }
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoError(null);
    if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return setPhotoError(t('profile.photoWrongType'));
    if (file.size > PROFILE_IMAGE_BYTES_MAX) return setPhotoError(t('profile.photoTooLarge'));
    try {
      await photoUpdate.mutateAsync({ profileImage: await readAsDataUrl(file) });
      toast({ title: t('profile.photoSaved') });
    } catch (error) {
      setPhotoError(statusOf(error) === 400 ? t('profile.photoUnreadable') : problemText(t, error));
    }
  };

  const removePhoto = async () => {
    setPhotoError(null);
    try {
      await photoUpdate.mutateAsync({ profileImage: null });
      toast({ title: t('profile.photoRemoved') });
    } catch (error) {
      setPhotoError(problemText(t, error));
    }
  };

  const firstNameError = nameErrorText(t, errors.firstName?.message);
  const lastNameError = nameErrorText(t, errors.lastName?.message);

  return (
    <Card data-testid="settings-profile">
      <CardHeader>
        <CardTitle id="settings-profile-title">{t('profile.title')}</CardTitle>
        <CardDescription>{t('profile.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-center gap-4">
          <PersonAvatar person={user} className="size-20" fallbackClassName="text-2xl" />
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                className="sr-only"
                tabIndex={-1}
                aria-hidden
                onChange={(event) => void choosePhoto(event)}
                data-testid="settings-photo-input"
              />
              <Button
                type="button"
                variant="outline"
                onClick={() => fileInput.current?.click()}
                disabled={photoUpdate.isPending}
                aria-describedby={`${uid}-photo-hint`}
                data-testid="settings-photo-upload"
              >
                {photoUpdate.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Camera aria-hidden />}
                {t('profile.changePhoto')}
              </Button>
              {user.profileImageUrl && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => void removePhoto()}
                  disabled={photoUpdate.isPending}
                  data-testid="settings-photo-remove"
                >
                  <Trash2 aria-hidden />
                  {t('profile.removePhoto')}
                </Button>
              )}
            </div>
            <p id={`${uid}-photo-hint`} className="text-xs text-muted-foreground">
              {t('profile.photoHint')}
            </p>
            <FieldMessage id={`${uid}-photo-error`} message={photoError} testId="settings-photo-error" />
          </div>
        </div>

        <form
          noValidate
          onSubmit={handleSubmit(saveNames)}
          className="grid gap-4"
          aria-labelledby="settings-profile-title"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${uid}-first`}>{t('profile.firstName')}</Label>
              <Input
                id={`${uid}-first`}
                autoComplete="given-name"
                aria-invalid={Boolean(firstNameError)}
                aria-describedby={firstNameError ? `${uid}-first-error` : undefined}
                data-testid="settings-first-name"
                {...register('firstName')}
              />
              <FieldMessage id={`${uid}-first-error`} message={firstNameError} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${uid}-last`}>{t('profile.lastName')}</Label>
              <Input
                id={`${uid}-last`}
                autoComplete="family-name"
                aria-invalid={Boolean(lastNameError)}
                aria-describedby={lastNameError ? `${uid}-last-error` : undefined}
                data-testid="settings-last-name"
                {...register('lastName')}
              />
              <FieldMessage id={`${uid}-last-error`} message={lastNameError} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${uid}-email`}>{t('profile.email')}</Label>
            <Input
              id={`${uid}-email`}
              value={user.email ?? ''}
              readOnly
              aria-describedby={`${uid}-email-hint`}
              className="bg-muted/50"
              dir="ltr"
            />
            <p id={`${uid}-email-hint`} className="text-xs text-muted-foreground">
              {t('profile.emailHint')}
            </p>
          </div>
          <FieldMessage id={`${uid}-form-error`} message={formError} role="alert" />
          <div>
            <Button type="submit" disabled={!isDirty || updateProfile.isPending} data-testid="settings-profile-save">
              {updateProfile.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {updateProfile.isPending ? t('profile.saving') : t('profile.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
