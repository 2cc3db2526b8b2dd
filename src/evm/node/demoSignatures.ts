/**
 * The signatures of the demo chain's transactions (buildDemoChain), by the hash each signs: `[yParity, r, s]`. The
 * keys are fixed and signing is deterministic (RFC 6979), so these are what signing gives; the table spares every
 * start (the server's and each trace process's) the elliptic-curve work, about a second on a busy machine. A
 * transaction missing here is signed as before; test/unit/node/demoChainSenders.test.ts signs them all and checks
 * this table against them.
 */
export const demoSignatures: Readonly<
  Record<string, readonly [yParity: 0 | 1, r: `0x${string}`, s: `0x${string}`]>
> = {
  '0x7f669fad7eaa070172c5f022da571e83882f14ac7c46d20e3dbe26d7baf896c3': [
    1,
    '0x8a0249747fee03a16e12a61a73ffa7da6becfa5581498ed5d393059809372f45',
    '0x1bc3cfc2670d43316e2df9266958073622c7153a8a18225e9690a430bdad8f5f',
  ],
  '0x38fa6957882bcbc41e34c3aedf2294325b10ae412d2a1a38a126bd3022c78a73': [
    1,
    '0x371cee118e1cd1a59cd8fdb5c30b4f1efbf38a7de51e9597ff965ba210fdd676',
    '0x436b2234b72962dde6f1a5f960b97ecf3399b864fe67e4d4537e991fc9d770f0',
  ],
  '0x7f4cd3772be4f5ffacd8b1717d12c2b6637deb3d466e553ed9d5bfc43bdf2c3d': [
    1,
    '0xc628734556fdac18c1cd735b5e2cd777b92d6403dfab0f4ff07722323fc463f5',
    '0x3f376a1df906cebc053e7637a828891b316fe8864a8004d8a49583705eef927f',
  ],
  '0x0f27150ce230f7a36501c2ad726c0fdc89faa50924a85e8c4e72c7c99532967e': [
    1,
    '0x59eaa551442d3e565f08fba70582c6c2ef56555031571d9b00c72dc9c7377bbc',
    '0x77855c732b460dc3e4c7d3bcac9faa52dc139c7c2ed0aa04b265f287d58078e9',
  ],
  '0x2a38e7ab91f1b3c00a24fd39bac33b2f8518c17b01fb346d8d36b6e65a4f7275': [
    0,
    '0xa54ac3c19a1fb7a3ed0c3fa840714ea512bec6e1a597a665e3e445924125e179',
    '0x06e6cbba68dffe72f03e9d402ede64fe1d3e00e7434d31b83490b96b5cc35ac6',
  ],
  '0x26c8ad62732d98c04f3ddb9809b012b8e74d42f18878f4577ff3a2d073200c9e': [
    0,
    '0x9b6d4961a3b1e621433d45b44ab94e5c788b99f8f06e2df648e21c1ca85c711c',
    '0x4baa026c94fc7c3391d3a8829b2dd5e0c4a01a6ea8b472b7b91205f3b83fb6f5',
  ],
  '0x550e37d979e1196aea87b04f727050139886d341e87d5c524bd2d310222644ef': [
    1,
    '0xf99426e5eb6b5b6817d6d16f4bed05d1c6c85dbbf0e5ce146c869ce67138ed0c',
    '0x2c56531f150daccecf46ff52c8eba0232f027cd332dc8ac11d3e9b50f609169f',
  ],
  '0x7102a2a487f624e95b0bca0473a43177de3c4e5c116948f5ebcc6939995f3cc4': [
    1,
    '0x20ef5ceeb684d65b229f6724648d87704e1c3e3fe918cd583a8fd8c15f9374f5',
    '0x6a815439be58cfa467bcdbc87c149aa41c8edb3173a3db901b559d83840fb674',
  ],
  '0xafc36aea63ea83a683316bde4de5f6d82fa96fb883413e5390d2a93a99fb14bc': [
    0,
    '0xa168fc7f7cbb6578a5a4e19cf2c85b9078a18296451ad024bdebb21afa604d1e',
    '0x68a3d57c90f7ced953c221ca1befdf815f1eede56764b6ba9042c4b0f25cc281',
  ],
  '0x92290e713c39fc34bfff8764b6998ce9ba94e4248b510f39cddd1bbad66f1b81': [
    0,
    '0x0e0041cc9de611f8ed56513156fb0e0a5a0ea2c8543c77ac8eebb9887a22eeac',
    '0x29a3cf7b623d08db6405c8051a0d8941510d582b4183cefa2d4e6cd1b04e2943',
  ],
  '0x866d5ab24f43cabd002b57d87fb6ea6e43aece9b7d76d4bf83ad3b550a972766': [
    1,
    '0xf756653ace371807fed51fe11dd34e66b0485afdd6ae3ba18c23c195bebf60d8',
    '0x083a960110368c9d3edc9990c780a9b5ff9210cc158e5ff593e23d1c7094171a',
  ],
  '0x24b7d312b01746d47419ea55c49abe5c5ad5c570da58f7c3a10c7d4761f73d83': [
    1,
    '0x78d06535e81347a8b1dacf733f41d94c05fe206705fb96f67d170b75fcf437d0',
    '0x2da4fc60651eb42c11447a06b1a5889b8009d19d376347eeefc443c6c1dbf020',
  ],
  '0x1d43508c79dd9c1fb8f19ca3d9a595dccd46245da983622466b0cfe4eefd4080': [
    0,
    '0x4af12d1e4961eb771cc9983c2ecf7102701c3ca97356eca6da20ad30bd0cb575',
    '0x0f0b59947de8e8b149c4ad6f41fff092f5a3926354eb8a153d119f5e9d0e57d3',
  ],
  '0x2640bb3891f5747ce39e477dda7879e19570a8dae767d6defafe6f1b14745fb9': [
    0,
    '0x1209257b364d82e5283104ebec470de92a0e4e451f3d5606087dcc20a820de30',
    '0x7445b27b898d3e7d701c410409524f1c00c9d6d3ff0f321d0f1dbc30175e285a',
  ],
  '0x6c5d146c4be320dee8e2c8e4bb3e605599f259ab67451851cf571e788761b5a9': [
    0,
    '0xc0e4b9b989eda7aa98977356964d987da8536c3aadff8f5aecd97a685f551d92',
    '0x0b108b22304e51e9ec2d28d5b84a2e81cf163c634bf68e7aca06d0a8ed6de1f4',
  ],
};
