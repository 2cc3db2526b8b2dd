// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Fails on purpose: a revert with a reason string, a custom error, a panic, and a caught inner revert.
contract Reverter {
    uint256 public attempts;

    error TooLarge(uint256 value, uint256 limit);

    event Caught(string reason);

    function check(uint256 value) public returns (uint256) {
        attempts += 1;
        require(value < 10, "Reverter: value must be below 10");
        return value;
    }

    function checkCustom(uint256 value) external pure returns (uint256) {
        if (value >= 10) revert TooLarge(value, 10);
        return value;
    }

    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }

    /// Calls check() on itself so that the inner call reverts and the transaction still succeeds.
    function tryCheck(uint256 value) external returns (bool) {
        try this.check(value) returns (uint256) {
            return true;
        } catch Error(string memory reason) {
            emit Caught(reason);
            return false;
        }
    }
}
