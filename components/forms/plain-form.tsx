import type { FormHTMLAttributes, ReactNode } from 'react';

/** A form the page submits itself: no reload, `onSubmit` runs (and may be async) instead. */
export function PlainForm({
  onSubmit,
  className = 'space-y-4',
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => unknown; children: ReactNode }) {
  return (
    <form
      {...props}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
