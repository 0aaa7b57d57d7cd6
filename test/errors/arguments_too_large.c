// A kernel's arguments take at most 1,024 bytes: past the 128 bytes of push
// constants they go through a buffer, but 131 views (8 bytes each) do not
// fit it either.
// expect-error: 13: kernel captures need 1080 bytes of arguments; more than 1024 is not supported
#include <camp.h>

#define V(n) float v##n[4];
#define R(n) + v##n[i]
#define ARRAYS V(0) V(1) V(2) V(3) V(4) V(5) V(6) V(7) V(8) V(9) V(10) V(11) V(12) V(13) V(14) V(15) V(16) V(17) V(18) V(19) V(20) V(21) V(22) V(23) V(24) V(25) V(26) V(27) V(28) V(29) V(30) V(31) V(32) V(33) V(34) V(35) V(36) V(37) V(38) V(39) V(40) V(41) V(42) V(43) V(44) V(45) V(46) V(47) V(48) V(49) V(50) V(51) V(52) V(53) V(54) V(55) V(56) V(57) V(58) V(59) V(60) V(61) V(62) V(63) V(64) V(65) V(66) V(67) V(68) V(69) V(70) V(71) V(72) V(73) V(74) V(75) V(76) V(77) V(78) V(79) V(80) V(81) V(82) V(83) V(84) V(85) V(86) V(87) V(88) V(89) V(90) V(91) V(92) V(93) V(94) V(95) V(96) V(97) V(98) V(99) V(100) V(101) V(102) V(103) V(104) V(105) V(106) V(107) V(108) V(109) V(110) V(111) V(112) V(113) V(114) V(115) V(116) V(117) V(118) V(119) V(120) V(121) V(122) V(123) V(124) V(125) V(126) V(127) V(128) V(129) 
#define READS R(0) R(1) R(2) R(3) R(4) R(5) R(6) R(7) R(8) R(9) R(10) R(11) R(12) R(13) R(14) R(15) R(16) R(17) R(18) R(19) R(20) R(21) R(22) R(23) R(24) R(25) R(26) R(27) R(28) R(29) R(30) R(31) R(32) R(33) R(34) R(35) R(36) R(37) R(38) R(39) R(40) R(41) R(42) R(43) R(44) R(45) R(46) R(47) R(48) R(49) R(50) R(51) R(52) R(53) R(54) R(55) R(56) R(57) R(58) R(59) R(60) R(61) R(62) R(63) R(64) R(65) R(66) R(67) R(68) R(69) R(70) R(71) R(72) R(73) R(74) R(75) R(76) R(77) R(78) R(79) R(80) R(81) R(82) R(83) R(84) R(85) R(86) R(87) R(88) R(89) R(90) R(91) R(92) R(93) R(94) R(95) R(96) R(97) R(98) R(99) R(100) R(101) R(102) R(103) R(104) R(105) R(106) R(107) R(108) R(109) R(110) R(111) R(112) R(113) R(114) R(115) R(116) R(117) R(118) R(119) R(120) R(121) R(122) R(123) R(124) R(125) R(126) R(127) R(128) R(129) 
ARRAYS
float out[4];
int main(void) { parallel_for_each(i, extent(4)) { out[i] = 0 READS; } return 0; }
