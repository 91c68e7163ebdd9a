import { Box, Button, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { useDropzone } from 'react-dropzone';
import { useTranslate } from 'react-admin';
import { formatSize } from './formatSize.ts';

/**
 * Drag and drop or choose files. The chooser offers pdf, docx and txt only; dropped files of other types
 * still reach the queue, where they show as incorrectType instead of silently disappearing.
 */
export function DocumentDropzone({ onFiles, maxBytes, locale }: { onFiles: (files: File[]) => void; maxBytes?: number; locale: string }) {
  const translate = useTranslate();
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({ onDrop: onFiles, noClick: true, multiple: true });
  return (
    <Box
      {...getRootProps()}
      data-testid="document-dropzone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        bgcolor: isDragActive ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        textAlign: 'center',
      }}
    >
      <input
        {...getInputProps({ accept: '.pdf,.docx,.txt,application/pdf,text/plain,application/vnd.openxmlformats-officedocument.wordprocessingml.document' })}
        aria-label={translate('training.documents.fileInput')}
        data-testid="document-file-input"
      />
      <CloudUploadIcon color="action" sx={{ fontSize: 40 }} />
      <Typography sx={{ mt: 1 }}>{translate(isDragActive ? 'training.documents.dropNow' : 'training.documents.drop')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('training.documents.formats', { max: maxBytes ? formatSize(maxBytes, locale) : '…' })}
      </Typography>
      <Button variant="contained" onClick={open} data-testid="document-choose">
        {translate('training.documents.choose')}
      </Button>
    </Box>
  );
}
