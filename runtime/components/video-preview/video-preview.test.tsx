// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { button } from '../../nodes/list/dom-helpers';
import { safeVideoUrl, VideoPreview, type PreviewVideo } from './VideoPreview';

const videos: PreviewVideo[] = [
  { url: 'https://cdn.example.com/a.mp4', name: '第一段' },
  { url: '/api/files/b.mp4', name: '第二段' },
  { url: 'javascript:alert(1)', name: '第三段' },
];

function Host({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState(start);
  return <VideoPreview open videos={videos} index={index} onIndexChange={setIndex} onClose={() => undefined} />;
}

const counter = () => document.querySelector('.tessera-video-counter')?.textContent;
const source = () => document.querySelector('video')?.getAttribute('src');

describe('<VideoPreview>', () => {
  it('steps with 上一个 / 下一个, showing index / total, disabled at the ends', () => {
    render(<Host />);
    expect(counter()).toBe('1 / 3');
    expect(source()).toBe('https://cdn.example.com/a.mp4');
    expect(button('上一个').disabled).toBe(true);
    fireEvent.click(button('下一个'));
    expect(counter()).toBe('2 / 3');
    expect(source()).toBe('/api/files/b.mp4');
    expect(screen.getByText('第二段')).toBeTruthy();
    fireEvent.click(button('上一个'));
    expect(counter()).toBe('1 / 3');
  });

  it('← → step too, never past either end; an unsafe URL is not played', () => {
    render(<Host start={1} />);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
    expect(source()).toBeUndefined();
    expect(screen.getByText('暂无视频')).toBeTruthy();
    expect(button('下一个').disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(counter()).toBe('1 / 3');
  });

  it('safeVideoUrl keeps http(s) and relative URLs only', () => {
    expect(safeVideoUrl('HTTPS://x/y.mp4')).toBe('HTTPS://x/y.mp4');
    expect(safeVideoUrl('files/a.mp4')).toBe('files/a.mp4');
    expect(safeVideoUrl(' javascript:alert(1)')).toBeUndefined();
    expect(safeVideoUrl('data:video/mp4;base64,AAAA')).toBeUndefined();
    expect(safeVideoUrl('//evil.example/a.mp4')).toBeUndefined();
  });
});
