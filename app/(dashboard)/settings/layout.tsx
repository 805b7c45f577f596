import type { ReactNode } from 'react';
import { SettingsTabs } from '@/components/settings/settings-tabs';
import { PageHeader } from '@/components/ui/page-header';

// The account's set-up (pipeline, lists, users, custom fields…) and the developer tools (API
// tokens, OAuth applications, webhooks, the audit log), each a tab with a page of its own.
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your account's pipeline, lists, people and custom fields; under Developers, the tools that connect other systems."
      />
      <SettingsTabs />
      {children}
    </>
  );
}
