import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const fileSystemSection = defineSection({
  name: 'file-system',
  tier: 'static',
  render: () =>
    guidance('Files', [
      'Read a file before you edit it, and edit it in place: no copies such as `file_v2` or `file.bak`.',
      'Stay inside the project unless the user asks otherwise; never touch files you were not asked to change.',
      'Do not create documentation or notes files unless asked.',
      "Keep the file's existing encoding, line endings and indentation.",
    ]),
});
