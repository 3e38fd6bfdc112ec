import { bearer } from 'next-app-controllers';

// #region scheme
// The access tokens your authorization server (Auth0, Keycloak, Entra ID, WorkOS…) issues for the MCP endpoint:
// their audience is the endpoint's URL. List the scheme in createApplication({ auth: { schemes } }) too.
export const mcpToken = bearer({
  name: 'mcpToken',
  jwt: {
    jwks: 'https://login.example.com/.well-known/jwks.json',
    issuer: 'https://login.example.com/',
    audience: 'https://api.example.com/mcp',
  },
  scopes: { 'posts:read': 'Read posts', 'posts:write': 'Create and edit posts' },
});
// #endregion scheme
