/**
 * The web font's faces (Noto Sans KR 400 and 700, ~120 unicode-range slices each; trimmed at build
 * time by vite.config.ts). main.tsx loads this module after the app has started, so its stylesheet
 * never blocks the first paint: text shows in the system's Korean font until the faces arrive
 * (font-display: swap), and a page then downloads only the slices of the characters it shows.
 */
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/700.css';
