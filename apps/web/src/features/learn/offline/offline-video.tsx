import { useEffect, useRef, useState } from 'react';
import { loadHlsJs, type HlsPlayer, type LoadHls } from '../components/hls-source';
import { withSegmentUrls } from './fetch-chapter';
import type { OfflineFiles } from './store';

interface OfflineVideoProps {
  files: Extract<OfflineFiles, { kind: 'video' }>;
  title: string;
  onPosition?: (seconds: number) => void;
  /** Loads hls.js; tests pass a stand-in. */
  loadHls?: LoadHls;
}

/**
 * A saved video played from the device: the stored playlist pointing at object URLs of the
 * stored segments, fed to hls.js (which, unlike the browser's own HLS, reads blob: URLs).
 */
export function OfflineVideo({ files, title, onPosition, loadHls = loadHlsJs }: OfflineVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const segmentUrls = files.segments.map((segment) => URL.createObjectURL(segment));
    const playlist = new Blob([withSegmentUrls(files.playlist, segmentUrls)], { type: 'application/vnd.apple.mpegurl' });
    const playlistUrl = URL.createObjectURL(playlist);
    let player: HlsPlayer | null = null;
    let isCancelled = false;
    loadHls().then((Hls) => {
      if (isCancelled) return;
      if (!Hls.isSupported()) {
        setHasFailed(true);
        return;
      }
      player = new Hls({ startLevel: 0, capLevelToPlayerSize: false });
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setHasFailed(true);
      });
      player.loadSource(playlistUrl);
      player.attachMedia(element);
    }).catch(() => setHasFailed(true));
    return () => {
      isCancelled = true;
      player?.destroy();
      for (const url of [...segmentUrls, playlistUrl]) URL.revokeObjectURL(url);
    };
  }, [files, loadHls]);

  if (hasFailed) return <p className="alert alert-warning">This browser cannot play the saved video.</p>;
  return (
    <video
      ref={video}
      title={title}
      className="chapter-media rounded"
      controls
      playsInline
      onPause={(event) => onPosition?.(event.currentTarget.currentTime)}
    >
      Your browser cannot play this video.
    </video>
  );
}
