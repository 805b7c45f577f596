import type { Metadata } from 'next';
import { AiAssistantsPage } from '@/components/settings/ai-assistants-page';

export const metadata: Metadata = { title: 'AI assistants · Settings' };

// Connect an AI assistant (Claude, ChatGPT, Cursor, VS Code) to Groundwork, and see the ones connected.
export default function Page() {
  return <AiAssistantsPage />;
}
