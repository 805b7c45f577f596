import { defineOAuthPost } from '@/lib/oauth/route';
import { handleRevoke } from '@/lib/oauth/revoke';

// POST /oauth/revoke — revoke an access or refresh token (RFC 7009)
export const { POST, GET, PUT, PATCH, DELETE } = defineOAuthPost(handleRevoke);
