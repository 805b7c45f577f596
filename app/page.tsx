export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Groundwork</h1>
      <p className="mt-3 text-slate-600">
        Construction pipeline CRM. The HTTP API lives under <code className="font-mono">/api/2023-01</code>; its
        OpenAPI document is at{' '}
        <a className="text-blue-700 underline" href="/api/2023-01/openapi.json">
          /api/2023-01/openapi.json
        </a>
        .
      </p>
    </main>
  );
}
