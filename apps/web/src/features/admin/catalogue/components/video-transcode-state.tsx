import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { VideoState } from '@app/contracts';

const labels: Record<VideoState['status'], { text: string; bg: string }> = {
  pending: { text: 'Waiting to transcode', bg: 'secondary' },
  running: { text: 'Transcoding', bg: 'info' },
  ready: { text: 'Adaptive ready', bg: 'success' },
  failed: { text: 'Transcoding failed', bg: 'danger' },
};

interface VideoTranscodeStateProps {
  chapterName: string;
  video: VideoState;
  onTranscodeAgain: () => void;
  isBusy: boolean;
}

/** A video chapter's HLS renditions: state badge, a progress bar while running, the reason and 'Transcode again' when failed. */
export function VideoTranscodeState({ chapterName, video, onTranscodeAgain, isBusy }: VideoTranscodeStateProps) {
  const label = labels[video.status];
  return (
    <div className="video-transcode-state mt-1 small">
      <Badge bg={label.bg} className="me-2">
        {video.status === 'running' ? `${label.text} ${video.progress}%` : label.text}
      </Badge>
      {video.status === 'ready' && video.renditions.length > 0 && (
        <span className="text-body-secondary">{video.renditions.map((height) => `${height}p`).join(' · ')}</span>
      )}
      {video.status === 'running' && (
        <ProgressBar className="mt-1" style={{ height: '0.5rem', maxWidth: '14rem' }}>
          <ProgressBar now={video.progress} aria-label={`Transcoding ${chapterName}`} />
        </ProgressBar>
      )}
      {video.status === 'failed' && (
        <>
          {video.error && <div className="text-danger text-break mt-1">{video.error}</div>}
          <Button
            size="sm"
            variant="outline-danger"
            className="mt-1"
            disabled={isBusy}
            onClick={onTranscodeAgain}
            aria-label={`Transcode ${chapterName} again`}
          >
            Transcode again
          </Button>
        </>
      )}
    </div>
  );
}
