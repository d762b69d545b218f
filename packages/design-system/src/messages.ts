/** Every Thai string the design system shows by itself. Screens pass their own text as props. */
export const messages = {
  loading: 'กำลังโหลด...',
  working: 'กำลังดำเนินการ',
  // Dialogs (FormDialog, ConfirmDialog)
  save: 'บันทึก',
  cancel: 'ยกเลิก',
  close: 'ปิด',
  delete: 'ลบ',
  confirm: 'ยืนยัน',
  dialogLoading: 'กำลังโหลดข้อมูล',
  dialogSaving: 'กำลังบันทึกข้อมูล',
  // AppShell
  mainMenu: 'เมนูหลัก',
  menu: 'เมนู',
  closeMenu: 'ปิดเมนู',
  // AccountMenu
  accountMenu: 'บัญชีผู้ใช้',
  changePassword: 'เปลี่ยนรหัสผ่าน',
  selectBranch: 'เลือกสาขา',
  logout: 'ออกจากระบบ',
  // Snackbar
  snackbarRegion: 'การแจ้งเตือน',
  toastRegion: 'ข้อความแจ้งสั้น',
  snackbarClose: 'ปิดการแจ้งเตือน',
  severitySuccess: 'สำเร็จ',
  severityWarning: 'คำเตือน',
  severityError: 'ข้อผิดพลาด',
} as const;
