import { UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CreateGroupButton } from './create-group-button';
import { GroupCard } from './group-card';
import { SAMPLE_GROUPS, type SampleGroup } from './sample-data';
import { SampleDataNote } from './sample-data-note';

const TABS: { value: SampleGroup['list']; labelKey: string }[] = [
  { value: 'mine', labelKey: 'tabs.mine' },
  { value: 'discover', labelKey: 'tabs.discover' },
  { value: 'suggested', labelKey: 'tabs.suggested' },
];

/**
 * Groups: sample data only, every action logs to the console. Product choice: a visible
 * 'Sample data' note under the title, so nobody takes these groups for real communities they could join.
 */
export default function GroupsPage() {
  const { t } = useTranslation('groups');

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <span className="inline-flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <UsersRound className="size-5" aria-hidden />
            </span>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
            <SampleDataNote label={t('sampleData')} />
          </div>
          <p className="text-sm text-muted-foreground sm:text-base">{t('subtitle')}</p>
          <p className="text-xs text-muted-foreground">{t('sampleDataHint')}</p>
        </div>
        <CreateGroupButton />
      </header>

      <Tabs defaultValue="mine" className="mt-6 gap-4">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:w-fit sm:min-w-[26rem]">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="min-h-9 whitespace-normal leading-tight">
              {t(tab.labelKey)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {SAMPLE_GROUPS.filter((group) => group.list === tab.value).map((group, index) => (
                <li key={group.id}>
                  <GroupCard group={group} index={index} />
                </li>
              ))}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
