// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Holds ether and runs SELFDESTRUCT (after Cancun, EIP-6780: the balance moves, the code stays).
contract SelfDestructor {
    constructor() payable {}

    function destroy(address payable beneficiary) external {
        selfdestruct(beneficiary);
    }
}
