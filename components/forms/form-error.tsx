/** The error of a form that belongs to no one field (the API's message, a refusal), at its top. */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  ) : null;
}
