import type { Translation } from './en';

/** Chinese (Simplified) interface strings. */
export const zh: Translation = {
  common: { loading: '加载中…' },
  header: { navigation: '主导航', language: '语言' },
  nav: { generate: '生成', editor: '姿势编辑器' },
  notify: { dismiss: '关闭' },
  home: {
    title: '摆好姿势，一键生成。',
    lead: 'Posecraft 让你在画布上拖动人物和动物的关节，然后按这个姿势生成图像。',
    cta: '开始摆姿势',
    steps: {
      pose: { title: '摆姿势', text: '拖动关节、手和面部，或从一张照片开始。' },
      size: { title: '取景', text: '选择宽高比和尺寸，或社交平台格式。' },
      generate: { title: '生成', text: '描述画面，按你的姿势得到最多四张图像。' },
    },
  },
  panel: {
    title: '生成图像',
    modifyPose: '修改姿势',
    openEditor: '打开姿势编辑器',
    posePreviewAlt: '当前姿势预览',
    dimensions: '图像尺寸',
    aspectRatio: '宽高比',
    size: '尺寸',
    more: '更多',
    sizes: { small: '小', medium: '中', large: '大' },
    angleAdjustment: '角度调整',
    wide: '宽',
    length: '长',
    socials: '社交平台',
    count: '图像数量',
    sizeInvalid: '请输入 {{min}} 到 {{max}} 之间的整数；保留 {{value}}。',
  },
  generate: {
    title: '生成',
    summary: '{{count}} 张图像，{{width}} × {{height}}',
    prompt: '提示词',
    promptPlaceholder: '描述画面，例如：日落时屋顶上的舞者',
    negativePrompt: '反向提示词',
    negativePlaceholder: '不想出现的内容，例如：模糊、多余的肢体',
  },
  editor: { title: '姿势编辑器', canvasSize: '画布 {{width}} × {{height}}' },
  login: { title: '登录 Posecraft', text: '登录后即可生成图像并保存历史记录。' },
  notFound: { title: '页面不存在', text: '{{path}} 没有页面。', home: '返回首页' },
};
