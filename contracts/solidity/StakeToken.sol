// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice The token players stake on a local chain (anvil) and in the contract tests: a plain ERC-20
/// whose whole supply goes to the deployer. On Sepolia the staking contract points at a real token.
contract StakeToken is ERC20 {
    constructor(uint256 supply) ERC20("Phoenix Stake Token", "PXS") {
        _mint(msg.sender, supply);
    }
}
