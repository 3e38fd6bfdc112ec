export default function Home() {
  return (
    <main>
      <h1>next-app-controllers example</h1>
      <p>Every request under /api goes through one catch-all route to the controllers in src/features.</p>
      <ul>
        <li>
          <a href="/api/posts">GET /api/posts</a>
        </li>
        <li>
          <a href="/api/openapi.json">/api/openapi.json</a>: the OpenAPI document
        </li>
        <li>
          <a href="/notes">/notes</a>: a form whose action is a route (next-app-controllers/actions)
        </li>
        <li>
          <a href="/api-docs">/api-docs</a>: Swagger UI
        </li>
      </ul>
    </main>
  );
}
