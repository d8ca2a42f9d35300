/** One part of a language's texts, merged by the build and written as JSON (build/text-parts.ts). */
declare module 'virtual:text-part/*' {
  const json: string;
  export default json;
}
