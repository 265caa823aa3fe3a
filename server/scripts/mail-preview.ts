/**
 * npm run mail:preview: renders every e-mail template (and its SMS) with sample data into a folder as .html and
 * .txt files, and prints their paths. The folder: the first argument, else DATA_DIR/mail-preview when DATA_DIR is
 * set, else mail-preview/ at the repository root (git-ignored).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { repositoryRoot } from '../src/config/config';
import { renderPreviews } from '../src/modules/notifications/emails/previews';

async function main(): Promise<void> {
  const folder = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.argv[2] ??
      (process.env.DATA_DIR
        ? path.join(process.env.DATA_DIR, 'mail-preview')
        : path.join(repositoryRoot, 'mail-preview')),
  );
  const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:4000').replace(/\/$/, '');
  await fs.mkdir(folder, { recursive: true });
  for (const preview of await renderPreviews(publicUrl)) {
    const base = path.join(folder, preview.name);
    const text = `Subject: ${preview.email.subject}\n\n${preview.email.text}\n`;
    await fs.writeFile(`${base}.html`, preview.email.html);
    await fs.writeFile(`${base}.txt`, text);
    console.log(`${base}.html`);
    console.log(`${base}.txt`);
    if (preview.sms) {
      await fs.writeFile(`${base}.sms.txt`, `${preview.sms}\n`);
      console.log(`${base}.sms.txt (${preview.sms.length} characters)`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
