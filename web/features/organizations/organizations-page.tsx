import { useTranslation } from 'react-i18next';
import type { RouteComponentProps } from 'wouter';
import { InvitationScreen } from './invitation-screen';
import { NewOrganizationScreen } from './new-organization-screen';
import { OrganizationMembersScreen } from './organization-members-screen';
import { OrganizationScreen } from './organization-screen';

/**
 * Every organization screen behind two routes (/o/{slug}[/members] and /organizations/{new|invitation}):
 * each route and page file costs every signed-in screen's first load a few bytes of the route table,
 * and those screens are at the edge of their budget.
 */
export default function OrganizationsPage({ params }: RouteComponentProps<{ slug?: string; section?: string }>) {
  const { t } = useTranslation('organizations');
  if (params.slug !== undefined && params.section === undefined) return <OrganizationScreen slug={params.slug} />;
  if (params.slug !== undefined && params.section === 'members')
    return <OrganizationMembersScreen slug={params.slug} />;
  if (params.slug === undefined && params.section === 'new') return <NewOrganizationScreen />;
  if (params.slug === undefined && params.section === 'invitation') return <InvitationScreen />;
  return <p className="py-16 text-center text-muted-foreground">{t('notFound')}</p>;
}
