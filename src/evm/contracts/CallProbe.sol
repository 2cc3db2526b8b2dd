// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Code that runs in the caller's storage through DELEGATECALL, and answers STATICCALLs.
contract ProbeLogic {
    uint256 public counter; // slot 0: same layout as CallProbe
    uint256 public lastValue; // slot 1

    /// Payable because DELEGATECALL keeps the caller's msg.value.
    function record(uint256 value) external payable {
        lastValue = value;
    }

    function square(uint256 x) external pure returns (uint256) {
        return x * x;
    }
}

/// @title A small contract created by CallProbe with CREATE and CREATE2; it accepts ether through ping().
contract ProbeChild {
    address public immutable creator;
    uint256 public pings;

    event Pinged(address indexed from, uint256 value);

    constructor() {
        creator = msg.sender;
    }

    function ping() external payable returns (uint256) {
        pings += 1;
        emit Pinged(msg.sender, msg.value);
        return pings;
    }
}

/// @title One transaction that makes CALL, DELEGATECALL, STATICCALL, CREATE and CREATE2 and uses SLOAD/SSTORE.
contract CallProbe {
    uint256 public counter; // slot 0
    uint256 public lastValue; // slot 1 (written by ProbeLogic.record through DELEGATECALL)
    address public immutable logic;
    address public lastChild;

    event Probed(uint256 counter, address created, address created2, uint256 squared);

    constructor(address logicAddress) {
        logic = logicAddress;
    }

    function run(uint256 x) external payable returns (uint256 squared) {
        counter += x;
        (bool ok, ) = logic.delegatecall(abi.encodeWithSelector(ProbeLogic.record.selector, x));
        require(ok, "CallProbe: delegatecall failed");
        squared = ProbeLogic(logic).square(x);
        ProbeChild created = new ProbeChild();
        ProbeChild created2 = new ProbeChild{salt: bytes32(counter)}();
        created.ping{value: msg.value}();
        created2.ping();
        lastChild = address(created2);
        emit Probed(counter, address(created), address(created2), squared);
    }
}
