/** An mdast node, as far as the plugin reads it. */
export interface MdastNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdastNode[];
  [key: string]: unknown;
}

export declare function isSampleLink(node: MdastNode): boolean;
export declare function remarkSampleLinks(): (tree: MdastNode) => void;
