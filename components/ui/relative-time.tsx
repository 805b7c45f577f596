import { formatRelative } from '@/lib/client/format';

/** A moment as "3 hours ago", its exact time on hover and for machines. */
export function RelativeTime({ at }: { at: string }) {
  return (
    <time dateTime={at} title={at}>
      {formatRelative(at)}
    </time>
  );
}
