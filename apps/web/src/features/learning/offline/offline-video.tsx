import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressReport } from '@app/contracts';
import { loadHlsJs, type HlsPlayer, type LoadHls } from '../components/hls-source';
import { useVideoProgress } from '../components/use-video-progress';
import type { OfflineFiles } from './store';
import { STORED_PLAYLIST_URL, storedFilesLoader } from './stored-loader';

interface OfflineVideoProps {
  files: Extract<OfflineFiles, { kind: 'video' }>;
  title: string;
  /** Where to start, seconds (0: the beginning); null until known. Applied once. */
  resumeAt: number | null;
  /** Progress reports, as the online player makes them (use-video-progress.ts). */
  onProgress: (report: ProgressReport) => void;
  /** Loads hls.js; tests pass a stand-in. */
  loadHls?: LoadHls;
}

/**
 * A saved video played from the device by hls.js, whose loader answers the stored playlist and
 * segments from the saved files (stored-loader.ts): nothing goes to the network, and no object
 * URLs, which hls.js would fetch and the CSP's connect-src blocks. It resumes and reports progress like the
 * online player, so watching a saved video counts toward the chapter being done.
 */
export function OfflineVideo({ files, title, resumeAt, onProgress, loadHls = loadHlsJs }: OfflineVideoProps) {
  const { t } = useTranslation('learning');
  const video = useRef<HTMLVideoElement>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const progress = useVideoProgress(video, { resumeAt, onProgress });

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let player: HlsPlayer | null = null;
    let isCancelled = false;
    loadHls()
      .then((Hls) => {
        if (isCancelled) return;
        if (!Hls.isSupported()) {
          setHasFailed(true);
          return;
        }
        // hls-source.ts types only the options the online player passes; hls.js takes its whole config.
        const config = { startLevel: 0, capLevelToPlayerSize: false, loader: storedFilesLoader(files) };
        player = new Hls(config);
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // What hls.js says (data.details) is the one clue to why; the learner sees the notice below.
          console.warn('The saved video cannot play:', data);
          setHasFailed(true);
        });
        player.loadSource(STORED_PLAYLIST_URL);
        player.attachMedia(element);
      })
      .catch(() => setHasFailed(true));
    return () => {
      isCancelled = true;
      player?.destroy();
    };
  }, [files, loadHls]);

  if (hasFailed) return <p className="alert alert-warning">{t('downloads.videoCannotPlay')}</p>;
  return (
    <video
      ref={video}
      title={title}
      className="chapter-media rounded"
      controls
      playsInline
      onLoadedMetadata={(event) => progress.resume(event.currentTarget)}
      {...progress.handlers}
    >
      {t('video.cannotPlay')}
    </video>
  );
}
