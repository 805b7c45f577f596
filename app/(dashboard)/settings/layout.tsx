import type { ReactNode } from 'react';
import { SettingsTabs } from '@/components/settings/settings-tabs';
import { PageHeader } from '@/components/ui/page-header';

// Users, API tokens, webhooks and OAuth applications of the account, and the applications you
// authorized, each a tab with a page of its own.
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="The people of your account and its custom fields, your API tokens, the account's webhooks and OAuth applications."
      />
      <SettingsTabs />
      {children}
    </>
  );
}
