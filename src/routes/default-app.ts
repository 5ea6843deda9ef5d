/** The app a bare address (/ or /login) opens. */
export const DEFAULT_APP: string = (import.meta.env.VITE_DEFAULT_APP as string | undefined) ?? 'demo';
