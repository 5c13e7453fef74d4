export declare const SERVICE_NODE_FLAGS: string[];
