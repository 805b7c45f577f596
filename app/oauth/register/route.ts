import { defineOAuthPost } from '@/lib/server/oauth/route';
import { handleRegister } from '@/lib/server/oauth/register';

// POST /oauth/register — RFC 7591 dynamic client registration of public clients (MCP assistants)
export const { POST, GET, PUT, PATCH, DELETE } = defineOAuthPost(handleRegister);
