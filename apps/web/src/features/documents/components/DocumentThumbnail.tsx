import { useState } from 'react';
import Box from '@mui/material/Box';
import { IconBubble } from '@/components/IconBubble';
import { thumbnailUrl } from '@/features/documents/document-files';
import { FileTypeIcon } from './FileTypeIcon';

/**
 * The first file of a document in the lists: its thumbnail (made once by the server at upload),
 * loaded lazily as the entry scrolls into view, or the file type's icon when the type has none or
 * the thumbnail cannot be loaded. Decorative: the entry's link names the document.
 */
export function DocumentThumbnail({
  file,
  size = 56,
}: {
  file?: { url: string; type: string };
  size?: number;
}) {
  const src = file ? thumbnailUrl(file) : null;
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <IconBubble size={size}>
        <FileTypeIcon type={file?.type ?? ''} />
      </IconBubble>
    );
  }
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        // Pages and photos are drawn on white in both themes, like paper.
        bgcolor: '#ffffff',
      }}
    >
      <Box
        component="img"
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        data-testid="document-thumbnail"
        onError={() => setFailed(true)}
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'top' }}
      />
    </Box>
  );
}
