import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { fileFamily, type FileFamily } from '@/features/documents/document-files';

const ICONS: Record<FileFamily, { Icon: ComponentType<SvgIconProps>; color: SvgIconProps['color'] }> = {
  image: { Icon: ImageOutlinedIcon, color: 'secondary' },
  pdf: { Icon: PictureAsPdfOutlinedIcon, color: 'error' },
  word: { Icon: DescriptionOutlinedIcon, color: 'info' },
  sheet: { Icon: TableChartOutlinedIcon, color: 'success' },
  text: { Icon: ArticleOutlinedIcon, color: 'action' },
  other: { Icon: InsertDriveFileOutlinedIcon, color: 'action' },
};

/** The icon of a file type (doc_url `type` or an extension), coloured by family. */
export function FileTypeIcon({
  type,
  fontSize = 'medium',
}: {
  type: string;
  fontSize?: SvgIconProps['fontSize'];
}) {
  const { Icon, color } = ICONS[fileFamily(type)];
  return <Icon color={color} fontSize={fontSize} aria-hidden data-file-type={type.toLowerCase()} />;
}
