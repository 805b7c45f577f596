import { defineOAuthPost } from '@/lib/server/oauth/route';
import { handleRevoke } from '@/lib/server/oauth/revoke';

// POST /oauth/revoke — revoke an access or refresh token (RFC 7009)
export const { POST, GET, PUT, PATCH, DELETE } = defineOAuthPost(handleRevoke);
