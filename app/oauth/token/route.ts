import { handleToken } from '@/lib/server/oauth/http';
import { defineOAuthPost } from '@/lib/server/oauth/route';

// POST /oauth/token — client_credentials, authorization_code (PKCE) and refresh_token grants (RFC 6749)
export const { POST, GET, PUT, PATCH, DELETE } = defineOAuthPost(handleToken);
