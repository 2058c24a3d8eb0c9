import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { ProgressReport } from '@app/contracts';
import { LoadError } from '@/components/ui/load-error';
import { loadHlsJs, type LoadHls } from './hls-source';
import { useHlsPlayback } from './use-hls-playback';
import { useLinkRenewal, type VideoLinks } from './use-link-renewal';
import { useVideoProgress } from './use-video-progress';

export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** MediaError codes of a source that could not be fetched: most likely its signed link is no longer good. */
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

interface VideoChapterProps {
  /** The MP4 (signed link): played until the adaptive renditions are ready, and when HLS cannot play. */
  src: string;
  /** The HLS master playlist (signed link), or null. */
  hlsUrl?: string | null;
  title: string;
  /** Where to start, seconds; null until known. Applied once. */
  resumeAt: number | null;
  /** Progress reports: while playing, on pause and end, and when the chapter closes. */
  onProgress: (report: ProgressReport) => void;
  /**
   * Asks for freshly signed links when these are refused (expired, or the file replaced) and resolves with
   * them; they also come in as `src` and `hlsUrl`. Without it, the same links are loaded again.
   */
  renewLinks?: () => Promise<VideoLinks | undefined>;
  /** Loads hls.js on demand; tests pass a stand-in. */
  loadHls?: LoadHls;
}

const speedLabel = (speed: number) => `${speed}×`;

/**
 * A video chapter: controls, autoplay and loop; adaptive HLS when ready (quality menu with Auto),
 * a speed control; resumes where the learner left off and keeps reporting where they are and how
 * much they actually watched (seeking adds nothing, so only watching completes the chapter). A link
 * refused mid-lecture is renewed and the video goes on from the same place (use-link-renewal.ts).
 */
export function VideoChapter({
  src,
  hlsUrl = null,
  title,
  resumeAt,
  onProgress,
  renewLinks = async () => ({ src, hlsUrl }),
  loadHls = loadHlsJs,
}: VideoChapterProps) {
  const { t } = useTranslation('learning');
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState(1);
  const renewal = useLinkRenewal(video, {
    renewLinks,
    // hls.js plays the playlist (native HLS too); the MP4 stays only while no new playlist replaces it.
    isSameSource: (fresh) =>
      playback.mode === 'mp4'
        ? fresh.src === src && (fresh.hlsUrl === hlsUrl || fresh.hlsUrl === null)
        : fresh.hlsUrl === hlsUrl,
  });
  const playback = useHlsPlayback(video, {
    hlsUrl,
    loadHls,
    reloadKey: renewal.generation,
    startPosition: renewal.pendingPosition,
    onRefused: renewal.onRefused,
  });
  const progress = useVideoProgress(video, { resumeAt, onProgress, pendingPosition: renewal.pendingPosition });

  // A new source resets the rate to the default, so both are set.
  const applySpeed = () => {
    const element = video.current;
    if (!element) return;
    element.defaultPlaybackRate = speed;
    element.playbackRate = speed;
  };
  useEffect(applySpeed);

  // hls.js attaches its own source; the tag gets one only for the MP4 or native HLS.
  const source = playback.mode === 'mp4' ? src : playback.mode === 'native-hls' ? (hlsUrl ?? src) : undefined;
  const playing = playback.levels.find((level) => level.index === playback.playingLevel);

  // Renewed links that are the refused ones again load the tag's own source again (hls.js starts a new player
  // by itself); new ones load as React sets them.
  const reloadOwnSource = useEffectEvent(() => {
    if (source !== undefined) video.current?.load();
  });
  useEffect(() => {
    if (renewal.generation > 0) reloadOwnSource();
  }, [renewal.generation]);

  return (
    <div className="video-chapter">
      <video
        ref={video}
        src={source}
        title={title}
        className="chapter-media rounded"
        controls
        autoPlay
        loop
        playsInline
        onLoadedMetadata={(event) => {
          applySpeed();
          progress.resume(event.currentTarget);
          renewal.restore(event.currentTarget);
        }}
        onCanPlay={renewal.onCanPlay}
        onError={(event) => {
          const code = event.currentTarget.error?.code;
          if (source !== undefined && (code === MEDIA_ERR_NETWORK || code === MEDIA_ERR_SRC_NOT_SUPPORTED))
            renewal.onRefused();
        }}
        {...progress.handlers}
      >
        {t('video.cannotPlay')}
      </video>
      {(renewal.status === 'failed' || renewal.status === 'retrying') && (
        <LoadError
          error={renewal.error}
          onRetry={renewal.retry}
          isRetrying={renewal.status === 'retrying'}
          failedText={t('video.stopped')}
          className="mt-2 mb-0"
        />
      )}
      <div className="video-controls d-flex flex-wrap gap-2 justify-content-end mt-2">
        {playback.levels.length > 0 && (
          <Form.Group controlId={`${id}-quality`} className="d-flex align-items-center gap-1">
            <Form.Label className="small mb-0 text-body-secondary">{t('video.quality')}</Form.Label>
            <Form.Select
              size="sm"
              className="w-auto"
              value={playback.chosenLevel}
              onChange={(event) => playback.chooseLevel(Number(event.target.value))}
            >
              <option value={-1}>
                {playback.chosenLevel === -1 && playing
                  ? t('video.autoPlaying', { height: playing.height })
                  : t('video.auto')}
              </option>
              {[...playback.levels].reverse().map((level) => (
                <option key={level.index} value={level.index}>{`${level.height}p`}</option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group controlId={`${id}-speed`} className="d-flex align-items-center gap-1">
          <Form.Label className="small mb-0 text-body-secondary">{t('video.speed')}</Form.Label>
          <Form.Select
            size="sm"
            className="w-auto"
            value={speed}
            onChange={(event) => setSpeed(Number(event.target.value))}
          >
            {PLAYBACK_SPEEDS.map((value) => (
              <option key={value} value={value}>
                {speedLabel(value)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
    </div>
  );
}
