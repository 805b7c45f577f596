import nodemailer from 'nodemailer';
import { makePdf } from '../../tests/sample-files';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// Email capture (issue 29): a mail BCC'd by the user to the account's address, handed over by the
// inbound hook as a provider would, lands on the project of the contact it was sent to; the Email
// tab opens it (its text, its attachment, why it is there) and the timeline shows it. Settings →
// Email capture shows the address to copy.

test('an email filed by the inbound hook opens on its project, with its attachment and why it is there', async ({ page, request, token }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const tag = Date.now().toString(36);
  const address = ((await (await request.get('/api/2023-01/email_capture', { headers: auth })).json()) as { email_capture: { address: string } }).email_capture
    .address;
  const me = ((await (await request.get('/api/2023-01/users/me', { headers: auth })).json()) as { user: { email: string; name: string } }).user;
  const contact = (
    (await (
      await request.post('/api/2023-01/contacts', {
        headers: auth,
        data: { contact: { first_name: 'Morgan', last_name: 'Owner', email: `morgan.${tag}@owner.example` } },
      })
    ).json()) as { contact: { id: string } }
  ).contact;
  const project = (
    (await (
      await request.post('/api/2023-01/projects', { headers: auth, data: { project: { name: `Mailed project ${tag}`, contact_id: contact.id } } })
    ).json()) as {
      project: { id: string };
    }
  ).project;

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { message } = await transport.sendMail({
    from: `${me.name} <${me.email}>`,
    to: `Morgan Owner <morgan.${tag}@owner.example>`,
    bcc: address,
    subject: `Pre-bid walk ${tag}`,
    text: 'Morgan, the pre-bid walk is Monday at 8 am at the north gate.',
    attachments: [{ filename: 'Site plan.pdf', content: makePdf(['Site plan', 'North gate']) }],
  });
  const hook = await request.post(`/api/inbound/email?to=${encodeURIComponent(address)}`, {
    headers: { Authorization: 'Bearer e2e-inbound-secret-0123456789', 'Content-Type': 'message/rfc822' },
    data: message as Buffer,
  });
  expect(hook.status()).toBe(201);

  await page.goto(`/projects/${project.id}?tab=email`);
  const card = page.getByRole('region', { name: /^Email/ });
  await expect(card.getByText(`Pre-bid walk ${tag}`)).toBeVisible();
  await card.getByText('Read the email').click();
  await expect(card.getByText(/pre-bid walk is Monday at 8 am/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Site plan.pdf' })).toBeVisible();
  await expect(card.getByText(`To: morgan.${tag}@owner.example is the project's contact`)).toBeVisible();
  await screens(page, 'project-email');

  // The timeline has it too.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText(`Email from ${me.name}: “Pre-bid walk ${tag}”`)).toBeVisible();

  // Settings → Email capture: the address to copy, and how to use it.
  await page.goto('/settings/email-capture');
  await expect(page.getByRole('heading', { name: 'Email capture' })).toBeVisible();
  await expect(page.getByLabel('Your account’s address')).toHaveValue(address);
  await expect(page.getByRole('button', { name: /^Copy/ })).toBeVisible();
  await screens(page, 'settings-email-capture');
});
