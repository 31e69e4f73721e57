import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Compass, Plus, Search, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_LIMITS } from '@contract/organization-limits';
import { Link } from 'wouter';
import { LoadError } from '@/components/app-shell/page-states';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { organizationCardsQueryOptions } from '@/lib/api/get-organization-cards';
import { GroupCard } from './group-card';

type List = 'mine' | 'discover';

/**
 * Groups (decisions §21): the organizations one belongs to or follows, and others to find. Creating one
 * is the organization form (/organizations/new).
 */
export default function GroupsPage() {
  const { t } = useTranslation('groups');
  const [list, setList] = useState<List>('mine');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <UsersRound className="size-5" aria-hidden />
            </span>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          </div>
          <p className="text-sm text-muted-foreground sm:text-base">{t('subtitle')}</p>
        </div>
        <Link href="/organizations/new" className={buttonVariants()} data-testid="create-organization">
          <Plus aria-hidden />
          {t('create')}
        </Link>
      </header>

      <Tabs value={list} onValueChange={(value) => setList(value as List)} className="mt-6 gap-4">
        <TabsList className="grid h-auto w-full grid-cols-2 sm:w-fit sm:min-w-[20rem]">
          <TabsTrigger value="mine" className="min-h-9" data-testid="groups-tab-mine">
            {t('tabs.mine')}
          </TabsTrigger>
          <TabsTrigger value="discover" className="min-h-9" data-testid="groups-tab-discover">
            {t('tabs.discover')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="mine">
          <GroupList list="mine" search="" onDiscover={() => setList('discover')} />
        </TabsContent>
        <TabsContent value="discover" className="flex flex-col gap-4">
          <div className="relative max-w-md">
            <Search
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              value={search}
              maxLength={ORGANIZATION_LIMITS.searchMax}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('searchPlaceholder')}
              aria-label={t('searchLabel')}
              className="ps-9"
              dir="auto"
              data-testid="groups-search"
            />
          </div>
          <GroupList list="discover" search={deferredSearch} onDiscover={() => setList('discover')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function GroupList({ list, search, onDiscover }: { list: List; search: string; onDiscover: () => void }) {
  const { t } = useTranslation('groups');
  const { data, isPending, isError, refetch } = useQuery(organizationCardsQueryOptions(list, search));
  if (isPending)
    return (
      <p className="py-12 text-center text-sm text-muted-foreground" role="status">
        {t('loading')}
      </p>
    );
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (data.length === 0)
    return list === 'mine' ? (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center"
        data-testid="groups-empty"
      >
        <UsersRound className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">{t('empty.mineTitle')}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{t('empty.mineText')}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <Link href="/organizations/new" className={buttonVariants()} data-testid="groups-empty-create">
            <Plus aria-hidden />
            {t('create')}
          </Link>
          <Button variant="outline" onClick={onDiscover}>
            <Compass aria-hidden />
            {t('empty.discoverAction')}
          </Button>
        </div>
      </div>
    ) : (
      <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
        {t('empty.discover')}
      </p>
    );
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid={`groups-${list}`}>
      {data.map((organization) => (
        <li key={organization.id}>
          <GroupCard organization={organization} />
        </li>
      ))}
    </ul>
  );
}
